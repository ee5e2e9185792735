import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { CallDrain } from '../../../src/application/voice/call-drain.js';
import { SHUTDOWN_FAREWELL } from '../../../src/domain/call-behaviour.js';
import { eventually } from '../../support/eventually.js';
import { FakeTwilioApi } from '../../support/fake-twilio-api.js';
import { LoadBalancer } from '../../support/load-balancer.js';
import { twimlElements } from '../../support/twiml.js';
import { TwilioCarrier } from './twilio-carrier.js';
import { ACCOUNT_SID, AUTH_TOKEN, aVoiceSwitchboard, RelayClient, type VoiceHarness } from './voice-harness.js';

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
    // Expected while a node stops: not logged as a failure, so nobody is paged.
    expect(sut.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
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

describe(`${CallDrain.name}, another node up but Twilio unreachable`, () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('keeps the call it could not hand over and goes on answering it, then ends it through Twilio at the drain timeout', async () => {
    const twilioApi = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    closing.push(() => twilioApi.stop());
    const lb = await new LoadBalancer().start();
    closing.push(() => lb.stop());
    const carrier = new TwilioCarrier(twilioApi, lb);
    const uow = new InMemoryUnitOfWork();
    const aNode = async () => {
      const node = await aVoiceSwitchboard({ uow, sharedTwilioApi: twilioApi, config: { publicUrl: lb.url, drainTimeoutMs: 1500 } });
      closing.push(() => node.stop());
      return node;
    };
    const [a, b] = [await aNode(), await aNode()];
    a.hook.handler = (request, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(request.body?.event === 'agent.message' ? `${JSON.stringify({ text: `Echo: ${request.body.data.transcript}` })}\n` : '');
    };
    const line = await a.anAgentOnTheLine();
    lb.backends = [a.url];
    const call = await carrier.dial(line.phoneNumber, '+14155550142');
    lb.backends = [a.url, b.url];
    twilioApi.failNext('updateCall', { status: 500, code: 20500, message: 'An internal server error has occurred' });

    const draining = a.sut.drain();
    await eventually(() => a.logger.lines.some((l) => l.message === 'could not hand the call over; it stays here'), { what: 'the failed hand-over', within: 10_000 });
    call.say('are you still there?');
    await eventually(() => call.spoken().includes('Echo: are you still there?'), { what: () => `the echo: ${JSON.stringify(call.spoken())}`, within: 10_000 });
    await draining;

    expect(call.ended).toBe(true);
    const [, farewell] = twilioApi.requestsTo('updateCall').map((r) => String(r.form.Twiml));
    expect(twimlElements(farewell!, 'Say').map((say) => say.text)).toEqual([SHUTDOWN_FAREWELL]);
    const ended = await b.api('GET', `/v1/calls/${call.callId}`, undefined, a.owner.key);
    expect(ended.body).toMatchObject({ status: 'completed', disconnectionReason: 'node_shutdown' });
    expect(ended.body.transcript.map((t: { content: string }) => t.content)).toEqual(['Hi, this is Acme.', 'are you still there?', 'Echo: are you still there?']);
  });
});
