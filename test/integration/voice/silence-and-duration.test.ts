import * as E from 'fp-ts/lib/Either.js';
import { twimlElement, twimlVerbs } from '../../support/twiml.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { CallWatch } from '../../../src/application/voice/call-watch.js';
import { DURATION_FAREWELL, SILENCE_FAREWELL } from '../../../src/domain/call-behaviour.js';
import { FakeTimers } from '../../support/fake-timers.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, attributeOf, RelayClient, type VoiceHarness } from './voice-harness.js';

describe(CallWatch.name, () => {
  let harness: VoiceHarness;
  let timers: FakeTimers;
  beforeEach(async () => {
    timers = new FakeTimers();
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), timers });
    harness.hook.handler = (request, res) => {
      if (request.body.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(`${JSON.stringify({ text: 'Sure.' })}\n`);
    };
  });
  afterEach(async () => {
    await harness.stop();
  });

  const aCallTo = async (fields: Record<string, unknown>) => {
    const line = await harness.anAgentOnTheLine(fields);
    const started = await harness.sut.voice().simulated!.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };
  // The answer's talk cycle closed: the silence counts from then.
  const answered = (c: { events: readonly { type: string; last?: boolean }[]; utterances(): string[] }) =>
    c.utterances().includes('Sure.') && c.events.at(-1)?.type === 'text' && c.events.at(-1)?.last === true;
  const stored = async (callId: string) => (await harness.api('GET', `/v1/calls/${callId}`)).body;

  it('re-prompts a silent caller, then says goodbye and hangs up at maxSilenceMs (silence_timeout)', async () => {
    const call = await aCallTo({ maxSilenceMs: 30_000, idleRepromptMs: 10_000, idleMessages: ['Are you still there?', 'Hello?'] });

    timers.advance(9_000);
    const before = call.utterances();
    timers.advance(3_000);
    const afterOnePrompt = call.utterances();
    timers.advance(30_000);
    await call.finished;

    expect(before).toEqual(['Hi, this is Acme.']);
    expect(afterOnePrompt).toEqual(['Hi, this is Acme.', 'Are you still there?']);
    expect(call.utterances()).toEqual(['Hi, this is Acme.', 'Are you still there?', 'Hello?', SILENCE_FAREWELL]);
    expect(call.events.at(-1)).toEqual({ type: 'hangup' });
    expect(await stored(call.callId)).toMatchObject({ status: 'completed', disconnectionReason: 'silence_timeout' });
    expect((await stored(call.callId)).transcript.map((t: { content: string }) => t.content)).toEqual(call.utterances());
    expect(timers.scheduled).toBe(0);
  });

  it('counts the caller speaking as activity: silence starts again after the answer', async () => {
    const call = await aCallTo({ maxSilenceMs: 20_000, idleRepromptMs: 15_000, idleMessages: ['Still there?'] });
    timers.advance(14_000);
    harness.sut.voice().simulated!.sayAsCaller(call.callId, 'one moment');
    await call.until(answered);

    timers.advance(14_000);
    const quietSinceAnswer = call.utterances();
    timers.advance(2_000);

    expect(quietSinceAnswer).toEqual(['Hi, this is Acme.', 'Sure.']);
    expect(call.utterances()).toEqual(['Hi, this is Acme.', 'Sure.', 'Still there?']);
    expect(await stored(call.callId)).toMatchObject({ status: 'in-progress' });
  });

  it('ends any call politely at maxDurationSeconds (max_duration), talking or not', async () => {
    const call = await aCallTo({ maxDurationSeconds: 60, maxSilenceMs: 600_000, idleMessages: [] });
    timers.advance(30_000);
    harness.sut.voice().simulated!.sayAsCaller(call.callId, 'still talking');
    await call.until(answered);

    timers.advance(30_000);
    await call.finished;

    expect(call.utterances().at(-1)).toBe(DURATION_FAREWELL);
    expect(await stored(call.callId)).toMatchObject({ status: 'completed', disconnectionReason: 'max_duration' });
  });

  it('refuses limits outside their ranges with the field named', async () => {
    const tooShort = await harness.api('POST', '/v1/agents', { name: 'A', maxSilenceMs: 9_999 });
    const tooLong = await harness.api('POST', '/v1/agents', { name: 'A', maxDurationSeconds: 43_201 });
    const defaults = await harness.api('POST', '/v1/agents', { name: 'A' });

    expect(tooShort.status).toBe(422);
    expect(tooShort.body.error.details[0].field).toBe('maxSilenceMs');
    expect(tooLong.status).toBe(422);
    expect(defaults.body).toMatchObject({ maxSilenceMs: 600_000, maxDurationSeconds: 3_600, voicemailMessage: null, idleMessages: ['Are you still there?'] });
  });
});

describe('silence on ConversationRelay', () => {
  let harness: VoiceHarness;
  let timers: FakeTimers;
  afterEach(async () => {
    await harness.stop();
  });

  it("asks for speaker events, re-prompts over the socket, and hands the farewell to <Say> as the session ends", async () => {
    timers = new FakeTimers();
    harness = await aVoiceSwitchboard({ timers });
    const line = await harness.anAgentOnTheLine({ maxSilenceMs: 20_000, idleRepromptMs: 10_000, idleMessages: ['Hello?'] });
    const call = await harness.inboundCall(line.phoneNumber);
    const relay = await RelayClient.open(call.relayUrl!);
    relay.setup(call.callSid);
    await eventually(async () => (await harness.api('GET', `/v1/calls/${call.callId}`)).body.transcript.length === 1, { what: 'the session to open' });

    // The end-of-speech report only moves the silence earlier (see the unit test); either way the re-prompt is due by 12 s.
    relay.send({ type: 'info', name: 'agentSpeaking', value: 'off' });
    timers.advance(12_000);
    await relay.until((frames) => frames.some((f) => f.type === 'text' && f.token === 'Hello?'));
    timers.advance(10_000);
    await relay.until((frames) => frames.some((f) => f.type === 'end'));
    const end = relay.frames.find((f) => f.type === 'end');
    const ended = await harness.twilioPost(`/twilio/voice/relay-ended?callId=${call.callId}`, { CallSid: call.callSid, SessionStatus: 'ended', HandoffData: end.handoffData });

    expect(attributeOf(call.twiml, 'ConversationRelay', 'debug')).toBe('speaker-events');
    expect(JSON.parse(end.handoffData)).toEqual({ reason: 'hangup', why: 'silence_timeout', say: SILENCE_FAREWELL });
    expect(twimlVerbs(ended.text)).toEqual(['Say', 'Hangup']);
    expect(twimlElement(ended.text, 'Say')).toMatchObject({ text: "I haven't heard from you, so I'll end the call now. Goodbye.", attributes: { voice: 'Google.en-US-Journey-O' } });
    expect((await harness.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'silence_timeout' });
    relay.close();
  });
});
