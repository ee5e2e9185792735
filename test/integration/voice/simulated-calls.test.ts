import * as E from 'fp-ts/lib/Either.js';
import { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedCalls } from '../../../src/adapters/simulated/simulated-calls.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, type VoiceHarness } from './voice-harness.js';

describe(SimulatedCalls.name, () => {
  let harness: VoiceHarness;
  let telephony: SimulatedTelephony;
  let sut: SimulatedCalls;
  beforeEach(async () => {
    telephony = new SimulatedTelephony();
    harness = await aVoiceSwitchboard({ twilio: false, telephony });
    sut = harness.sut.voice().simulated!;
  });
  afterEach(async () => {
    await harness.stop();
  });

  const echo = () => {
    harness.hook.handler = (request, res) => {
      if (request.body.event !== 'agent.message') return void res.writeHead(200).end();
      const said: string = request.body.data.transcript;
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      if (said.includes('extension')) res.write(`${JSON.stringify({ text: 'Dialling.', digits: '4#' })}\n`);
      else if (said.includes('human')) res.write(`${JSON.stringify({ text: 'Transferring.', action: 'transfer' })}\n`);
      else res.write(`${JSON.stringify({ text: `You said ${said}.` })}\n`);
      res.end();
    };
  };

  it('runs an inbound call without a carrier: greeting, answers, digits and a transfer recorded on the call', async () => {
    const line = await harness.anAgentOnTheLine({ transferNumber: '+13125550188' });
    echo();

    const started = await sut.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    const call = started.right;
    sut.sayAsCaller(call.callId, 'hello');
    await call.until((c) => c.utterances().length === 2);
    sut.sayAsCaller(call.callId, 'the extension please');
    await call.until((c) => c.digits.length === 1);
    sut.sayAsCaller(call.callId, 'a human');
    await call.until((c) => c.transfers.length === 1);
    await call.finished;

    expect(call.utterances()).toEqual(['Hi, this is Acme.', 'You said hello.', 'Dialling.', 'Transferring.']);
    expect(call.digits).toEqual(['4#']);
    expect(call.transfers).toEqual(['+13125550188']);
    const read = (await harness.api('GET', `/v1/calls/${call.callId}`)).body;
    expect(read).toMatchObject({ status: 'completed', disconnectionReason: 'transfer', latencyP50Ms: expect.any(Number), latencyP95Ms: expect.any(Number) });
    const timed = { firstTokenMs: expect.any(Number), firstTextMs: expect.any(Number), toolMs: 0 };
    const answers = (read.transcript as { role: string; content: string; latency?: unknown }[]).filter((turn) => turn.role === 'agent');
    // The greeting is spoken by the carrier on answer, so it answers no caller and carries no figures.
    expect(answers.map((turn) => turn.latency)).toEqual([undefined, timed, timed, timed]);
  });

  it('truncates the stored agent turn when the caller cuts its playback short after the answer arrived', async () => {
    const line = await harness.anAgentOnTheLine();
    echo();
    const started = await sut.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    sut.sayAsCaller(started.right.callId, 'tell me everything');
    await started.right.until((c) => c.utterances().length === 2);

    sut.interrupt(started.right.callId, 'You said tell');
    await harness.sut.voice().engine.settle('none');

    const transcript = (await harness.api('GET', `/v1/calls/${started.right.callId}/transcript`)).body.transcript;
    expect(transcript.at(-1)).toMatchObject({ role: 'agent', content: 'You said tell', interrupted: true });
    expect(transcript).toHaveLength(3);
  });

  it('has a hosted agent without a language model apologise instead of failing', async () => {
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are Acme support.' });
    const started = await sut.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);

    sut.sayAsCaller(started.right.callId, 'Hello?');
    await started.right.until((c) => c.utterances().length === 2);

    expect(started.right.utterances()[1]).toMatch(/^Sorry/);
    expect(harness.hook.voiceTurns()).toEqual([]);
  });

  it('ends the call when the caller hangs up, and refuses to end it twice', async () => {
    const line = await harness.anAgentOnTheLine();
    const started = await sut.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);

    const ended = await sut.hangUp(started.right.callId);

    expect(E.isRight(ended) && ended.right).toMatchObject({ status: 'completed', disconnectionReason: 'caller_hangup' });
    expect((await harness.api('POST', `/v1/calls/${started.right.callId}/end`)).status).toBe(409);
    expect(E.isLeft(sut.sayAsCaller(started.right.callId, 'still there?'))).toBe(true);
  });

  it('ends a call through the API: the session stops and the call completes', async () => {
    const line = await harness.anAgentOnTheLine();
    const started = await sut.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);

    const ending = await harness.api('POST', `/v1/calls/${started.right.callId}/end`);

    expect(ending.body).toEqual({ id: started.right.callId, status: 'ending' });
    expect(telephony.endedCalls).toHaveLength(1);
    expect(harness.sut.voice().engine.find(started.right.callId)).toBeUndefined();
    expect((await harness.api('GET', `/v1/calls/${started.right.callId}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'ended_by_api' });
  });

  it('keeps the calls of a deleted agent, with no agent', async () => {
    const line = await harness.anAgentOnTheLine();
    const started = await sut.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    await sut.hangUp(started.right.callId);

    expect((await harness.api('DELETE', `/v1/agents/${line.agentId}`)).status).toBe(200);

    expect((await harness.api('GET', `/v1/calls/${started.right.callId}`)).body).toMatchObject({ agentId: null, status: 'completed' });
  });

  it('answers an outbound call placed on the simulated carrier with the call’s own greeting', async () => {
    const line = await harness.anAgentOnTheLine();
    echo();
    const placed = await harness.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550142', initialGreeting: 'Hello, this is Acme calling.' });

    const answered = await sut.answerOutbound(placed.body.id);
    if (E.isLeft(answered)) throw new Error(answered.left._tag);
    sut.sayAsCaller(placed.body.id, 'who is this');
    await answered.right.until((c) => c.utterances().length === 2);

    expect(telephony.placedCalls[0]).toMatchObject({ callId: placed.body.id, from: line.phoneNumber, to: '+13125550142' });
    expect(answered.right.utterances()).toEqual(['Hello, this is Acme calling.', 'You said who is this.']);
  });

  describe('web calls', () => {
    const webSocketUrl = (token: string) => `${harness.url.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(token)}`;

    it('joins with the token of POST /v1/calls/web, talking in ConversationRelay frames', async () => {
      const line = await harness.anAgentOnTheLine();
      echo();
      const web = await harness.api('POST', '/v1/calls/web', { agentId: line.agentId });
      expect(Date.parse(web.body.expiresAt) - Date.now()).toBeGreaterThan(25_000);

      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const frames: any[] = [];
      const socket = new WebSocket(webSocketUrl(web.body.accessToken));
      socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'prompt', voicePrompt: 'hi there', last: true }));
      await eventually(() => frames.filter((f) => f.last).length >= 2, { what: () => `two answers; got ${JSON.stringify(frames)}` });
      socket.close();
      await new Promise((resolve) => socket.once('close', resolve));

      expect(frames).toEqual([
        { type: 'text', token: 'Hi, this is Acme.', last: true },
        { type: 'text', token: 'You said hi there.', last: false },
        { type: 'text', token: '', last: true },
      ]);
      await harness.sut.voice().engine.settle(web.body.callId);
      const stored = await eventually(
        async () => {
          const call = await harness.api('GET', `/v1/calls/${web.body.callId}`);
          return call.body.status !== 'in-progress' && call;
        },
        { what: 'the call to end', within: 2000 },
      );
      expect(stored.body).toMatchObject({ type: 'web', status: 'completed', disconnectionReason: 'caller_hangup' });
    });

    it('refuses a forged or expired token', async () => {
      const line = await harness.anAgentOnTheLine();
      const web = await harness.api('POST', '/v1/calls/web', { agentId: line.agentId });
      const expired = telephony.webCallTokens.issue({ callId: web.body.callId, identity: web.body.callId, ttlSeconds: 30, now: new Date(Date.now() - 31_000) });
      const refusal = (token: string) =>
        new Promise<number>((resolve) => {
          const socket = new WebSocket(webSocketUrl(token));
          socket.once('unexpected-response', (_, res) => resolve(res.statusCode ?? 0));
          socket.once('open', () => resolve(101));
        });

      expect(await refusal(expired.token)).toBe(401);
      expect(await refusal(`${web.body.accessToken.split('.')[0]}.forged`)).toBe(401);
      expect(await refusal(new SimulatedTelephony().webCallTokens.issue({ callId: web.body.callId, identity: 'x', ttlSeconds: 30, now: new Date() }).token)).toBe(401);
    });
  });
});
