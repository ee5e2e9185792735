import * as E from 'fp-ts/lib/Either.js';
import { twimlElement, twimlVerbs } from '../../support/twiml.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AwaitCallEnd } from '../../../src/application/use-cases/calls/await-call-end.js';
import { FakeTimers } from '../../support/fake-timers.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, attributeOf, type VoiceHarness } from './voice-harness.js';

const RECIPIENT = '+13125550142';

describe(AwaitCallEnd.name, () => {
  let sut: VoiceHarness;
  let timers: FakeTimers;
  beforeEach(async () => {
    timers = new FakeTimers();
    sut = await aVoiceSwitchboard({ timers });
  });
  afterEach(async () => {
    await sut.stop();
  });

  const sidOf = (callId: string) => [...sut.placedCalls.entries()].find(([, form]) => String(form.StatusCallback).endsWith(callId))![0];

  it('answers POST /v1/calls with waitForCompletion when the call ends, with its transcript', async () => {
    const line = await sut.anAgentOnTheLine();
    const waiting = sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, waitForCompletion: true, maxWaitSeconds: 60 });
    const created = await eventually(() => sut.fake.requestsTo('createCall')[0], { what: 'the call to be placed' });
    const callId = new URL(attributeOf(String(created.form.Twiml), 'ConversationRelay', 'url')!).searchParams.get('callId')!;
    await eventually(() => timers.scheduled > 0, { what: 'the waiter to start waiting' });

    await sut.twilioPost(`/twilio/voice/status?callId=${callId}`, { CallSid: sidOf(callId), CallStatus: 'completed', CallDuration: '42' });
    const answer = await waiting;

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: callId, status: 'completed', durationSeconds: 42, disconnectionReason: 'caller_hangup', transcript: [] });
    expect(timers.scheduled).toBe(0);
  });

  it('answers GET /v1/calls/{id}?wait=true when the wait runs out, the call still in progress', async () => {
    const line = await sut.anAgentOnTheLine();
    const placed = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });

    const waiting = sut.api('GET', `/v1/calls/${placed.body.id}?wait=true&timeout=30`);
    await eventually(() => timers.scheduled > 0, { what: 'the waiter to start waiting' });
    timers.advance(30_000);
    const answer = await waiting;

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: placed.body.id, status: 'in-progress', transcript: [] });
  });

  it('frees the waiter of a client that disconnects', async () => {
    const line = await sut.anAgentOnTheLine();
    const placed = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });
    const client = new AbortController();

    const waiting = fetch(`${sut.url}/v1/calls/${placed.body.id}?wait=true&timeout=600`, { headers: { authorization: `Bearer ${sut.owner.key}` }, signal: client.signal });
    await eventually(() => timers.scheduled > 0, { what: 'the waiter to start waiting' });
    client.abort();
    await waiting.catch(() => undefined);

    await eventually(() => timers.scheduled === 0, { what: 'the waiter to be freed' });
  });

  it('refuses waits outside their ranges', async () => {
    const line = await sut.anAgentOnTheLine();
    const tooShort = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, waitForCompletion: true, maxWaitSeconds: 5 });
    const tooLong = await sut.api('GET', '/v1/calls/call_x?wait=true&timeout=601');

    expect(tooShort.status).toBe(422);
    expect(tooShort.body.error.details[0].field).toBe('maxWaitSeconds');
    expect(tooLong.status).toBe(422);
    expect(sut.fake.requestsTo('createCall')).toEqual([]);
  });
});

describe('the concurrent call cap', () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard();
  });
  afterEach(async () => {
    await sut.stop();
  });

  const capAt = async (limit: number) => {
    const set = await sut.sut.useCases().admin.setCallLimit.execute({ projectId: sut.owner.projectId, limit })();
    if (E.isLeft(set)) throw new Error(set.left._tag);
  };

  it('refuses an outbound call over maxConcurrentCalls with 429 RATE_LIMIT_EXCEEDED and Retry-After, and allows one again when a call ends', async () => {
    const line = await sut.anAgentOnTheLine();
    await capAt(2);
    const first = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });
    await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });

    const response = await fetch(`${sut.url}/v1/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sut.owner.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: line.agentId, toNumber: RECIPIENT }),
    });
    const refused = await response.json();
    const sid = [...sut.placedCalls.keys()][0]!;
    await sut.twilioPost(`/twilio/voice/status?callId=${first.body.id}`, { CallSid: sid, CallStatus: 'completed', CallDuration: '3' });
    const again = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });

    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(refused.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect(sut.fake.requestsTo('createCall')).toHaveLength(3);
    expect(again.status).toBe(200);
  });

  it('plays a busy message to an inbound caller over the cap and records the call failed (concurrency_limit)', async () => {
    const line = await sut.anAgentOnTheLine();
    await capAt(1);
    const first = await sut.inboundCall(line.phoneNumber);

    const second = await sut.inboundCall(line.phoneNumber, '+14155550999');

    expect(first.relayUrl).not.toBeNull();
    expect(second.relayUrl).toBeNull();
    expect(second.twiml).toMatch(/<Say>Sorry, all our lines are busy right now\. Please call again in a few minutes\. Goodbye\.<\/Say><Hangup\/>/);
    const calls = await sut.api('GET', '/v1/calls?status=failed');
    expect(calls.body.data).toEqual([expect.objectContaining({ fromNumber: '+14155550999', status: 'failed', disconnectionReason: 'concurrency_limit', durationSeconds: 0 })]);
    const ended = await eventually(() => sut.hook.requests.find((r) => r.body?.event === 'agent.call_ended'), { what: 'agent.call_ended' });
    expect(ended.body.data).toMatchObject({ from: '+14155550999', disconnectionReason: 'concurrency_limit' });
  });
});

describe('the busy message', () => {
  it('is the operator’s CALL_BUSY_MESSAGE when set', async () => {
    const sut = await aVoiceSwitchboard({ config: { callBusyMessage: 'All lines are taken & we are sorry.' } });
    try {
      const line = await sut.anAgentOnTheLine();
      await sut.sut.useCases().admin.setCallLimit.execute({ projectId: sut.owner.projectId, limit: 1 })();
      await sut.inboundCall(line.phoneNumber);

      const refused = await sut.inboundCall(line.phoneNumber, '+14155550999');

      expect(twimlVerbs(refused.twiml)).toEqual(['Say', 'Hangup']);
      expect(twimlElement(refused.twiml, 'Say').text).toBe('All lines are taken & we are sorry.');
    } finally {
      await sut.stop();
    }
  });
});
