import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { ChatRequest } from '../../../src/application/ports/language-model.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const RETURNS = '# Returns policy\n\nUnworn shoes may be returned within 30 days. Refunds reach the original card within five working days.';
const HOURS = '# Opening hours\n\nThe shop opens at nine and closes at six, Monday to Saturday.';

/** The last tool message the model was given. */
const lastToolResult = (request: ChatRequest): string => {
  const message = [...request.messages].reverse().find((m) => m.role === 'tool');
  return message?.role === 'tool' ? message.content : '';
};

/** An inbound call that asks about refunds, until the agent names the refund time; the call read once it is settled. */
const askAboutRefunds = async (harness: VoiceHarness, phoneNumber: string) => {
  const simulated = harness.sut.voice().simulated!;
  const placed = await simulated.startInbound({ from: '+14155550123', to: phoneNumber });
  if (E.isLeft(placed)) throw new Error(placed.left._tag);
  const started = placed.right;
  simulated.sayAsCaller(started.callId, 'How long does a refund take?');
  await started.until((c) => c.utterances().join(' ').includes('five working days'));
  await harness.sut.voice().engine.settle('none');
  return { started, read: await harness.api('GET', `/v1/calls/${started.callId}`) };
};

describe('a hosted agent with a knowledge base', () => {
  let harness: VoiceHarness;
  afterEach(async () => {
    await harness?.stop();
  });

  it('searches it with search_knowledge, answers from the passage found, and keeps the passage as the turn’s source', async () => {
    const offered: string[][] = [];
    const model = new ScriptedLanguageModel([
      (request) => {
        offered.push(request.tools.map((t) => t.name));
        return { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'refund how long' } }] };
      },
      (request) => {
        const found = lastToolResult(request);
        const title = /\[1\] ([^›:]+)/.exec(found)?.[1]?.trim() ?? 'nothing';
        return `As our ${title} says, refunds reach your card within five working days.`;
      },
    ]);
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), languageModel: model });
    const kb = (await harness.api('POST', '/v1/knowledge-bases', { name: 'Shop' })).body.id as string;
    for (const content of [RETURNS, HOURS]) await harness.api('POST', `/v1/knowledge-bases/${kb}/documents`, { format: 'markdown', content });
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are the shoe shop.', knowledgeBaseIds: [kb] });

    const { started, read } = await askAboutRefunds(harness, line.phoneNumber);

    expect(offered[0]).toContain('search_knowledge');
    expect(started.utterances().join(' ')).toContain('As our Returns policy says, refunds reach your card within five working days.');
    const result = read.body.transcript.find((turn: { role: string }) => turn.role === 'tool_result');
    expect(result).toMatchObject({
      tool: { name: 'search_knowledge', outcome: 'ok' },
      sources: [{ knowledgeBaseId: kb, documentTitle: 'Returns policy', position: 0, heading: 'Returns policy' }],
    });
    expect(result.content).toContain('Refunds reach the original card');
    expect(result.sources.map((s: { documentTitle: string }) => s.documentTitle)).not.toContain('Opening hours');

    const console = await fetch(`${harness.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.sut.adminToken()}` },
      body: JSON.stringify({ query: `{ call(id: "${started.callId}") { transcript { role sources { documentTitle heading position } } } }` }),
    });
    const { data } = (await console.json()) as { data: { call: { transcript: { role: string; sources: unknown }[] } } };
    expect(data.call.transcript.find((turn) => turn.role === 'TOOL_RESULT')?.sources).toEqual([
      { documentTitle: 'Returns policy', heading: 'Returns policy', position: 0 },
    ]);
  });

  it('offers no search_knowledge tool to an agent without knowledge bases', async () => {
    const offered: string[][] = [];
    const model = new ScriptedLanguageModel([(request) => (offered.push(request.tools.map((t) => t.name)), 'Hello.')]);
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), languageModel: model });
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are the shoe shop.' });
    const simulated = harness.sut.voice().simulated!;

    const started = await simulated.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    simulated.sayAsCaller(started.right.callId, 'Hi');
    await started.right.until((c) => c.utterances().join(' ').includes('Hello.'));

    expect(offered[0]).not.toContain('search_knowledge');
  });

  it('before each answer: searches the caller’s words, gives the model the passage, and keeps it as the agent turn’s sources', async () => {
    const requests: ChatRequest[] = [];
    const model = new ScriptedLanguageModel([
      (request) => (requests.push(request), 'Refunds reach your card within five working days, as our Returns policy says.'),
    ]);
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), languageModel: model });
    const kb = (await harness.api('POST', '/v1/knowledge-bases', { name: 'Shop' })).body.id as string;
    for (const content of [RETURNS, HOURS]) await harness.api('POST', `/v1/knowledge-bases/${kb}/documents`, { format: 'markdown', content });
    const line = await harness.anAgentOnTheLine({
      voiceMode: 'hosted',
      systemPrompt: 'You are the shoe shop.',
      knowledgeBaseIds: [kb],
      knowledgeRetrieval: 'before_each_answer',
    });

    const { started, read } = await askAboutRefunds(harness, line.phoneNumber);

    const [request] = requests;
    expect(request!.tools.map((t) => t.name)).not.toContain('search_knowledge');
    const context = request!.messages.filter((m) => m.role === 'system').map((m) => m.content).slice(1).join('\n');
    expect(context).toContain('[1] Returns policy');
    expect(context).toContain('Refunds reach the original card within five working days.');
    expect(request!.messages.at(-1)).toEqual({ role: 'user', content: 'How long does a refund take?' });
    expect(read.body.transcript.map((turn: { role: string }) => turn.role)).not.toContain('tool_result');
    const answer = read.body.transcript.findLast((turn: { role: string }) => turn.role === 'agent');
    expect(answer.content).toContain('five working days');
    expect(answer.sources).toEqual([
      expect.objectContaining({ knowledgeBaseId: kb, documentTitle: 'Returns policy', position: 0, heading: 'Returns policy' }),
    ]);
  });

  it('keeps an agent’s retrieval mode, tool by default, and refuses before_each_answer without a knowledge base', async () => {
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony() });
    const kb = (await harness.api('POST', '/v1/knowledge-bases', { name: 'Shop' })).body.id as string;
    const created = await harness.api('POST', '/v1/agents', { name: 'Shop', voiceMode: 'hosted', systemPrompt: 'You are the shoe shop.' });
    expect(created.body.knowledgeRetrieval).toBe('tool');

    const refused = await harness.api('PATCH', `/v1/agents/${created.body.id}`, { knowledgeRetrieval: 'before_each_answer' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('knowledgeRetrieval');
    const unknown = await harness.api('PATCH', `/v1/agents/${created.body.id}`, { knowledgeRetrieval: 'always' });
    expect(unknown.status).toBe(422);

    const changed = await harness.api('PATCH', `/v1/agents/${created.body.id}`, { knowledgeBaseIds: [kb], knowledgeRetrieval: 'before_each_answer' });
    expect(changed.status).toBe(200);
    const read = await harness.api('GET', `/v1/agents/${created.body.id}`);
    expect(read.body).toMatchObject({ knowledgeBaseIds: [kb], knowledgeRetrieval: 'before_each_answer' });
    const back = await harness.api('PATCH', `/v1/agents/${created.body.id}`, { knowledgeRetrieval: 'tool' });
    expect(back.body.knowledgeRetrieval).toBe('tool');
  });
});
