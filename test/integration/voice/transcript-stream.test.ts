import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { SimulatedCalls } from '../../../src/adapters/simulated/simulated-calls.js';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { StreamTranscript } from '../../../src/application/use-cases/calls/stream-transcript.js';
import { aVoiceSwitchboard, readSse, type VoiceHarness } from './voice-harness.js';

describe(StreamTranscript.name, () => {
  let harness: VoiceHarness;
  let simulated: SimulatedCalls;
  beforeEach(async () => {
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony() });
    simulated = harness.sut.voice().simulated!;
    harness.hook.handler = (request, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(request.body.event === 'agent.message' ? `${JSON.stringify({ text: `Echo: ${request.body.data.transcript}` })}\n` : '');
    };
  });
  afterEach(async () => {
    await harness.stop();
  });

  const aSimulatedCall = async (): Promise<SimulatedCall> => {
    const line = await harness.anAgentOnTheLine();
    const started = await simulated.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };

  const talk = async (call: SimulatedCall, words: string) => {
    const before = call.utterances().length;
    simulated.sayAsCaller(call.callId, words);
    await call.until((c) => c.utterances().length === before + 1);
  };

  const stream = async (callId: string) => {
    const response = await fetch(`${harness.url}/v1/calls/${callId}/transcript/stream`, { headers: { authorization: `Bearer ${harness.owner.key}` } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    return readSse(response);
  };

  const storedTurnIds = async (callId: string): Promise<string[]> =>
    (await harness.api('GET', `/v1/calls/${callId}/transcript`)).body.transcript.map((t: { id: string }) => t.id);

  it('joined mid-call, replays the earlier turns, then the new ones live, then ended, none twice', async () => {
    const call = await aSimulatedCall();
    await talk(call, 'first');
    await talk(call, 'second');

    const sut = await stream(call.callId);
    await sut.until((events) => events.filter((e) => e.event === 'turn').length === 5);
    await talk(call, 'third');
    await talk(call, 'fourth');
    await sut.until((events) => events.filter((e) => e.event === 'turn').length === 9);
    await simulated.hangUp(call.callId);
    await sut.finished;

    const turns = sut.events.filter((e) => e.event === 'turn').map((e) => e.data);
    expect(sut.events[0]).toEqual({ event: 'connected', data: { callId: call.callId } });
    expect(sut.events.at(-1)).toEqual({ event: 'ended', data: { callId: call.callId, status: 'completed' } });
    expect(turns.map((t) => t.content)).toEqual([
      'Hi, this is Acme.',
      'first',
      'Echo: first',
      'second',
      'Echo: second',
      'third',
      'Echo: third',
      'fourth',
      'Echo: fourth',
    ]);
    expect(turns.map((t) => t.id)).toEqual(await storedTurnIds(call.callId));
  });

  it('never repeats nor drops a turn at the seam, whenever the client connects during a busy call', async () => {
    const call = await aSimulatedCall();
    const clients: Awaited<ReturnType<typeof stream>>[] = [];
    for (let i = 0; i < 12; i++) {
      simulated.sayAsCaller(call.callId, `utterance ${i}`); // no waiting: turns pile up while clients join
      if (i % 2 === 0) clients.push(await stream(call.callId));
      await new Promise((r) => setTimeout(r, i % 3));
    }
    await call.until((c) => c.utterances().at(-1) === 'Echo: utterance 11');
    await simulated.hangUp(call.callId);
    await Promise.all(clients.map((c) => c.finished));

    const stored = await storedTurnIds(call.callId);
    for (const sut of clients) {
      expect(sut.events.filter((e) => e.event === 'turn').map((e) => e.data.id)).toEqual(stored);
      expect(sut.events.at(-1)?.event).toBe('ended');
    }
  });

  it('replays a finished call and ends at once', async () => {
    const call = await aSimulatedCall();
    await talk(call, 'only this');
    await simulated.hangUp(call.callId);

    const sut = await stream(call.callId);
    await sut.finished;

    expect(sut.events.map((e) => e.event)).toEqual(['connected', 'turn', 'turn', 'turn', 'ended']);
    expect(sut.events.at(-1)!.data).toEqual({ callId: call.callId, status: 'completed' });
  });

  it('answers 404 for a call of another project or none', async () => {
    const reply = await fetch(`${harness.url}/v1/calls/call_nope/transcript/stream`, { headers: { authorization: `Bearer ${harness.owner.key}` } });

    expect(reply.status).toBe(404);
    expect((await reply.json()).error.code).toBe('NOT_FOUND');
  });

  it('tells a caller turn the agent left unanswered, live: why, and what to set (a webhook agent with no webhook)', async () => {
    const agent = await harness.api('POST', '/v1/agents', { name: 'No hook', greeting: 'Hello.' });
    const number = await harness.api('POST', '/v1/numbers', { agentId: agent.body.id });
    const started = await simulated.startInbound({ from: '+14155550123', to: number.body.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    const call = started.right;
    const sut = await stream(call.callId);
    await sut.until((events) => events.some((e) => e.event === 'turn'));

    simulated.sayAsCaller(call.callId, 'Hello?');
    await sut.until((events) => events.some((e) => e.event === 'unanswered'));
    await simulated.hangUp(call.callId);
    await sut.finished;

    expect(sut.events.map((e) => e.event)).toEqual(['connected', 'turn', 'turn', 'unanswered', 'ended']);
    expect(sut.events[3]!.data).toEqual({
      callId: call.callId,
      turnSequence: 2,
      reason: 'no_webhook',
      message: 'The agent is in webhook mode and no webhook is configured for the agent or the account: the turn was not sent anywhere.',
      fix: `Set a webhook that answers with NDJSON: POST /v1/agents/${agent.body.id}/webhook for this agent, or POST /v1/webhooks for the whole account; or switch the agent to voiceMode "hosted" with LLM_BASE_URL set on the server.`,
    });
  });
});
