import * as E from 'fp-ts/lib/Either.js';
import { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { FailUnconnectedWebCalls } from '../../../src/application/use-cases/calls/fail-unconnected-web-calls.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, type VoiceHarness } from './voice-harness.js';

describe(FailUnconnectedWebCalls.name, () => {
  let harness: VoiceHarness;
  let clock: FixedClock;
  let sut: FailUnconnectedWebCalls;
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), clock });
    sut = harness.sut.voice().unconnectedWebCalls;
  });
  afterEach(async () => {
    await harness.stop();
  });

  const callStatus = async (id: string) => (await harness.api('GET', `/v1/calls/${id}`)).body;

  it('fails a web call no browser joined once its token and the grace have passed, queueing agent.call_ended', async () => {
    const line = await harness.anAgentOnTheLine();
    const web = await harness.api('POST', '/v1/calls/web', { agentId: line.agentId });

    clock.advance(44_000);
    expect(await sut.runOnce()).toBe(0);
    expect(await callStatus(web.body.callId)).toMatchObject({ status: 'in-progress' });

    clock.advance(2_000);
    expect(await sut.runOnce()).toBe(1);
    expect(await callStatus(web.body.callId)).toMatchObject({ type: 'web', status: 'failed', disconnectionReason: 'not_connected', durationSeconds: 46 });
    const ended = await harness.hook.next((r) => r.body?.event === 'agent.call_ended');
    expect(ended.body.data).toMatchObject({ callId: web.body.callId, status: 'failed', disconnectionReason: 'not_connected', transcript: [] });
    expect((await harness.api('GET', '/v1/calls?status=in-progress')).body.total).toBe(0);
    expect(await sut.runOnce()).toBe(0);
  });

  it('leaves a web call a browser joined, and a phone call, in progress', async () => {
    const line = await harness.anAgentOnTheLine();
    const web = await harness.api('POST', '/v1/calls/web', { agentId: line.agentId });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const frames: any[] = [];
    const socket = new WebSocket(`${harness.url.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(web.body.accessToken)}`);
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    await eventually(() => frames.length > 0, { what: 'the greeting' });
    expect(frames[0]).toMatchObject({ type: 'text', token: 'Hi, this is Acme.' });
    const pstn = await harness.sut.voice().simulated!.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(pstn)) throw new Error(pstn.left._tag);

    clock.advance(10 * 60_000);
    expect(await sut.runOnce()).toBe(0);

    expect(await callStatus(web.body.callId)).toMatchObject({ type: 'web', status: 'in-progress' });
    expect(await callStatus(pstn.right.callId)).toMatchObject({ type: 'pstn', status: 'in-progress' });
    expect(harness.hook.requests.filter((r) => r.body?.event === 'agent.call_ended')).toEqual([]);
    socket.close();
    await new Promise((resolve) => socket.once('close', resolve));
  });
});
