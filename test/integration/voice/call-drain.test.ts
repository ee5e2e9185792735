import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallDrain } from '../../../src/application/voice/call-drain.js';
import { SHUTDOWN_FAREWELL } from '../../../src/domain/call-behaviour.js';
import { aVoiceSwitchboard, RelayClient, type VoiceHarness } from './voice-harness.js';

/**
 * One node alone (its PUBLIC_URL is its own address): when it stops there is no other node to
 * hand its calls to, so it waits for them up to the drain timeout, then ends them.
 */
describe(CallDrain.name, () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard({ config: { drainTimeoutMs: 1500 } });
  });
  afterEach(async () => {
    await sut.stop();
  });

  const aLiveCall = async () => {
    const line = await sut.anAgentOnTheLine();
    const call = await sut.inboundCall(line.phoneNumber);
    const relay = await RelayClient.open(call.relayUrl!);
    relay.setup(call.callSid);
    await relay.until(() => sut.sut.voice().engine.find(call.callId!) !== undefined);
    return { ...call, relay };
  };

  it('says it is draining from the first moment, and lets a call that ends meanwhile end as its caller ended it', async () => {
    const call = await aLiveCall();

    const draining = sut.sut.drain();
    const health = await fetch(`${sut.url}/health`);
    call.relay.close();
    await sut.twilioPost('/twilio/voice/status', { CallSid: call.callSid, CallStatus: 'completed', CallDuration: '12' });
    await draining;

    expect(health.status).toBe(503);
    expect((await health.json()).error.message).toMatch(/draining/);
    const ended = await sut.api('GET', `/v1/calls/${call.callId}`);
    expect(ended.body).toMatchObject({ status: 'completed', disconnectionReason: 'caller_hangup' });
    expect(sut.fake.requestsTo('updateCall')).toEqual([]);
  });

  it('ends a call still live at the drain timeout: the caller hears why, and the call records node_shutdown', async () => {
    const call = await aLiveCall();

    await sut.sut.drain();

    // Twilio does not know this inbound call's sid here, so the farewell goes on the socket, in the hand-off.
    await call.relay.until((frames) => frames.some((frame) => frame.type === 'end'));
    const end = call.relay.frames.find((frame) => frame.type === 'end');
    expect(JSON.parse(end.handoffData)).toEqual({ reason: 'hangup', why: 'node_shutdown', say: SHUTDOWN_FAREWELL });
    const ended = await sut.api('GET', `/v1/calls/${call.callId}`);
    expect(ended.body).toMatchObject({ status: 'completed', disconnectionReason: 'node_shutdown' });
    expect(ended.body.transcript.at(-1)).toMatchObject({ role: 'agent', content: SHUTDOWN_FAREWELL });
    expect(sut.fake.requestsTo('updateCall').map((r) => r.form.Twiml)).toHaveLength(1);
  });
});
