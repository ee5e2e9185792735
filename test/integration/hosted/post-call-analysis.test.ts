import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedCalls } from '../../../src/adapters/simulated/simulated-calls.js';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import { DEFAULT_AI_DISCLOSURE, loadConfig, type SwitchboardConfig } from '../../../src/bootstrap/config.js';
import { eventually } from '../../support/eventually.js';
import { answer, failure, FakeChatCompletions, structured, text, wantsStructuredOutput } from '../../support/fake-chat-completions.js';
import { hasValidSignature, startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { aVoiceSwitchboard, signedWith, type VoiceHarness } from '../voice/voice-harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

const APPOINTMENT_SCHEMA = {
  type: 'object',
  properties: { appointmentTime: { type: 'string', format: 'date-time' }, reason: { type: 'string' } },
  required: ['appointmentTime'],
  additionalProperties: false,
};
const ANALYSIS = {
  summary: 'Ada booked a cleaning for Monday at nine.',
  userSentiment: 'positive',
  callSuccessful: true,
  extracted: { appointmentTime: '2026-11-30T09:00:00Z', reason: 'cleaning' },
};
const FAST_ANALYSIS = { retryDelayMs: 50, pollMs: 50 };

describe('post-call analysis and the AI disclosure', () => {
  let fake: FakeChatCompletions;
  const harnesses: VoiceHarness[] = [];

  const aSwitchboard = async (config: Partial<SwitchboardConfig> = {}, uow?: UnitOfWork) => {
    const harness = await aVoiceSwitchboard({
      twilio: false,
      telephony: new SimulatedTelephony(),
      uow,
      config: { llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000 }, analysis: FAST_ANALYSIS, ...config },
    });
    harnesses.push(harness);
    return harness;
  };
  beforeEach(async () => {
    fake = await FakeChatCompletions.start();
  });
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.stop();
    await fake.stop();
  });

  const talkAndHangUp = async (harness: VoiceHarness, phoneNumber: string): Promise<SimulatedCall> => {
    const simulated: SimulatedCalls = harness.sut.voice().simulated!;
    const started = await simulated.startInbound({ from: '+14155550123', to: phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    const call = started.right;
    simulated.sayAsCaller(call.callId, 'I would like a cleaning on Monday at nine.');
    await eventually(() => harness.read((tx) => tx.transcripts.listByCall(call.callId)).then((turns) => turns.some((t) => t.role === 'user')));
    await simulated.hangUp(call.callId);
    return call;
  };

  it('analyses a webhook-mode call with the agent’s schema after two failed tries, stores it and delivers agent.call_analyzed, never holding back agent.call_ended', async () => {
    const harness = await aSwitchboard();
    const line = await harness.anAgentOnTheLine({
      analysis: true,
      analysisSchema: APPOINTMENT_SCHEMA,
      successCriteria: 'The caller booked an appointment.',
    });
    fake.reply(
      async () => {
        // The first try fails only once agent.call_ended is out: the end never waits for the analysis.
        await harness.hook.next((r) => r.body?.event === 'agent.call_ended');
        return failure(500);
      },
      structured({ ...ANALYSIS, userSentiment: 'delighted' }),
      structured(ANALYSIS),
    );

    const call = await talkAndHangUp(harness, line.phoneNumber);
    const analyzed = await harness.hook.next((r) => r.body?.event === 'agent.call_analyzed');

    expect(signedWith(analyzed, line.secret)).toBe(true);
    expect(analyzed.headers['x-webhook-event']).toBe('agent.call_analyzed');
    expect(analyzed.body.data).toEqual({
      callId: call.callId,
      numberId: line.numberId,
      from: '+14155550123',
      to: line.phoneNumber,
      direction: 'inbound',
      summary: ANALYSIS.summary,
      userSentiment: 'positive',
      callSuccessful: true,
      extracted: ANALYSIS.extracted,
    });
    const events = harness.hook.requests.map((r) => r.body.event);
    expect(events.indexOf('agent.call_ended')).toBeLessThan(events.indexOf('agent.call_analyzed'));
    const stored = (await harness.api('GET', `/v1/calls/${call.callId}`)).body;
    expect(stored.analysis).toMatchObject({ status: 'completed', attempts: 3, ...ANALYSIS, error: null });
    const console = await fetch(`${harness.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.sut.adminToken()}` },
      body: JSON.stringify({ query: 'query ($id: ID!) { call(id: $id) { analysis { status summary userSentiment callSuccessful extracted attempts } } }', variables: { id: call.callId } }),
    });
    expect(((await console.json()) as { data: { call: { analysis: unknown } } }).data.call.analysis).toEqual({
      status: 'completed',
      summary: ANALYSIS.summary,
      userSentiment: 'positive',
      callSuccessful: true,
      extracted: ANALYSIS.extracted,
      attempts: 3,
    });

    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.every(wantsStructuredOutput)).toBe(true);
    const asked = fake.requests[0]!.body;
    expect(asked.response_format.json_schema.schema.properties.extracted).toEqual(APPOINTMENT_SCHEMA);
    expect(asked.messages[0].content).toContain('The caller booked an appointment.');
    expect(asked.messages[1].content).toContain('Caller: I would like a cleaning on Monday at nine.');
  });

  it('says why there is no analysis when no model is configured', async () => {
    const harness = await aSwitchboard({ llm: null });
    const line = await harness.anAgentOnTheLine({ analysis: true });

    const call = await talkAndHangUp(harness, line.phoneNumber);

    const stored = await eventually(async () => {
      const read = (await harness.api('GET', `/v1/calls/${call.callId}`)).body;
      return read.status === 'completed' && read;
    });
    expect(stored.analysis).toMatchObject({ status: 'unavailable', summary: null, error: expect.stringContaining('no language model is configured') });
    const plain = await harness.anAgentOnTheLine();
    const other = await talkAndHangUp(harness, plain.phoneNumber);
    expect((await harness.api('GET', `/v1/calls/${other.callId}`)).body.analysis).toBeNull();
  });

  it('loses no analysis to a restart between the call’s end and its analysis (embedded PostgreSQL closed and opened again)', async () => {
    const receiver: Receiver = await startReceiver();
    const dataDir = await aMigratedDataDir('switchboard-analysis-');
    const databases: Database[] = [];
    try {
      databases.push(await openDatabase({ dataDir }));
      const first = await aSwitchboard({ analysis: { retryDelayMs: 300, pollMs: 50 } }, databases[0]!.uow);
      const line = await first.anAgentOnTheLine({ analysis: true, analysisSchema: APPOINTMENT_SCHEMA }, { url: receiver.url });
      // The model fails until the restart, then answers.
      let restarted = false;
      fake.reply(...Array.from({ length: 50 }, () => () => (restarted ? structured(ANALYSIS) : failure(503))));
      const call = await talkAndHangUp(first, line.phoneNumber);
      await eventually(() => first.read((tx) => tx.callAnalyses.findByCall(call.callId)).then((a) => (a?.attempts ?? 0) >= 1));
      await first.stop();
      harnesses.splice(harnesses.indexOf(first), 1);
      const before = (await first.read((tx) => tx.callAnalyses.findByCall(call.callId)))!;
      expect(before).toMatchObject({ status: 'pending', result: null });
      await databases.shift()!.close();

      restarted = true;
      databases.push(await openDatabase({ dataDir }));
      const second = await aSwitchboard({}, databases[0]!.uow);

      const analyzed = await eventually(() => receiver.received.find((r) => r.event === 'agent.call_analyzed'));
      expect(hasValidSignature(line.secret, analyzed)).toBe(true);
      expect(JSON.parse(analyzed.body).data).toMatchObject({ callId: call.callId, extracted: ANALYSIS.extracted });
      const stored = await second.read((tx) => tx.callAnalyses.findByCall(call.callId));
      expect(stored).toMatchObject({ status: 'completed', attempts: before.attempts + 1, result: { extracted: ANALYSIS.extracted } });
    } finally {
      for (const harness of harnesses.splice(0)) await harness.stop();
      for (const database of databases) await database.close();
      await receiver.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('opens every outbound call with the AI disclosure, then the agent’s greeting', async () => {
    const harness = await aSwitchboard({ aiDisclosure: DEFAULT_AI_DISCLOSURE });
    await harness.read(async (tx) => {
      const project = (await tx.projects.findById(harness.owner.projectId))!;
      await tx.projects.save({ ...project, name: 'Acme Dental' });
    });
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You confirm appointments.' });
    fake.reply(answer(text('Great, see you Monday.')));

    const placed = await harness.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550142', initialGreeting: 'Hi {{first_name}}!', variables: { first_name: 'Ada' } });
    const answered = await harness.sut.voice().simulated!.answerOutbound(placed.body.id);
    if (E.isLeft(answered)) throw new Error(answered.left._tag);
    harness.sut.voice().simulated!.sayAsCaller(answered.right.callId, 'Yes.');
    await answered.right.until((c) => c.utterances().length === 2);

    expect(answered.right.utterances()).toEqual(['Hello, this is an AI assistant calling for Acme Dental. Hi Ada!', 'Great, see you Monday.']);
    const silent = await harness.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550143', initialGreeting: '' });
    const transcript = await eventually(async () => {
      await harness.sut.voice().simulated!.answerOutbound(silent.body.id);
      const read = (await harness.api('GET', `/v1/calls/${silent.body.id}`)).body;
      return read.transcript?.length > 0 && read.transcript;
    });
    expect(transcript[0]).toMatchObject({ role: 'agent', content: 'Hello, this is an AI assistant calling for Acme Dental.' });
  });

  it('turns the disclosure on by default, and off or into other words with AI_DISCLOSURE', () => {
    const configOf = (env: Record<string, string>) => {
      const loaded = loadConfig(env);
      if (E.isLeft(loaded)) throw new Error(loaded.left.join('; '));
      return loaded.right.aiDisclosure;
    };
    expect(configOf({})).toBe(DEFAULT_AI_DISCLOSURE);
    expect(configOf({ AI_DISCLOSURE: 'off' })).toBeNull();
    expect(configOf({ AI_DISCLOSURE: 'This call is from an automated assistant of {project}.' })).toBe('This call is from an automated assistant of {project}.');
  });
});
