import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import type { ChatRequest } from '../../../src/application/ports/language-model.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { eventually } from '../../support/eventually.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';

const deskAgent = { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help callers.', greeting: 'Hello, desk here.' };

const greets = { name: 'greets', caller: { script: [{ hangUp: true }] }, expect: [{ said: { turn: 1, text: 'desk here' } }, { hungUp: { disconnectionReason: 'caller_hangup' } }] };
const hours = { name: 'says the hours', caller: { script: [{ hangUp: true }] }, expect: [{ said: 'nine to five' }] };
const judged = { name: 'is polite', caller: { script: [{ hangUp: true }] }, expect: [{ judged: 'The agent is polite' }] };

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

const aProject = async (options: Parameters<typeof aSwitchboard>[0] = {}) => {
  const h = await aSwitchboard(options);
  opened.push(h);
  const created = await h.sut.useCases().projects.createProject.execute({ email: trustMailbox('owner@example.com') })();
  if (E.isLeft(created)) throw new Error(created.left._tag);
  const key = created.right.apiKey.clear;
  const as = (method: string, path: string, body?: unknown) => h.call(method, path, { key, body });
  return { h, key, as, projectId: created.right.project.id };
};

const finished = (as: (m: string, p: string) => ReturnType<SwitchboardHarness['call']>, id: string) =>
  eventually(async () => {
    const run = await as('GET', `/v1/test-runs/${id}`);
    return run.body.status === 'completed' || run.body.status === 'cancelled' ? run.body : null;
  }, { what: `test run ${id} to finish`, within: 20_000 });

describe('scenario tests on the server', () => {
  it('keeps tests with an agent: created from a scenario, listed, read, replaced and deleted, bad ones refused', async () => {
    const { as } = await aProject();
    const agent = await as('POST', '/v1/agents', deskAgent);
    const base = `/v1/agents/${agent.body.id}/tests`;

    const created = await as('POST', base, greets);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^test_/), agentId: agent.body.id, name: 'greets', scenario: greets, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const replaced = await as('PATCH', `${base}/${created.body.id}`, { ...greets, name: 'greets warmly' });
    expect(replaced.body).toMatchObject({ name: 'greets warmly', scenario: { name: 'greets warmly' } });
    expect((await as('GET', base)).body).toMatchObject({ data: [{ id: created.body.id, name: 'greets warmly' }], total: 1, hasMore: false });
    expect((await as('GET', `${base}/${created.body.id}`)).body.name).toBe('greets warmly');

    const withAgent = await as('POST', base, { ...greets, agent: { id: 'agt_other' } });
    expect([withAgent.status, withAgent.body.error.details[0].field]).toEqual([422, 'agent']);
    const badStep = await as('POST', base, { ...greets, caller: { script: [{ press: 'abc' }] } });
    expect(badStep.status).toBe(422);
    expect(badStep.body.error.details[0].field).toBe('caller.script.0.press');
    const huge = await as('POST', base, { ...greets, description: 'x'.repeat(3000), tools: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`t${i}`, { answer: 'y'.repeat(2000) }])) });
    expect(huge.status).toBe(413);
    expect((await as('POST', '/v1/agents/agt_missing/tests', greets)).status).toBe(404);

    expect((await as('DELETE', `${base}/${created.body.id}`)).status).toBe(204);
    expect((await as('GET', `${base}/${created.body.id}`)).status).toBe(404);
  });

  it('runs an agent’s tests in the background: verdicts, failed expectations, transcripts, the event, and nothing left in the project', async () => {
    const receiver: Receiver = await startReceiver();
    opened.push(receiver);
    const { as } = await aProject();
    await as('POST', '/v1/webhooks', { url: receiver.url });
    const agent = await as('POST', '/v1/agents', deskAgent);
    for (const scenario of [greets, hours, judged]) await as('POST', `/v1/agents/${agent.body.id}/tests`, scenario);

    const started = await as('POST', '/v1/test-runs', { agentId: agent.body.id, seed: 42 });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'queued', seed: 42, counts: { total: 3, passed: 0, failed: 0, errored: 0 } });
    const run = await finished(as, started.body.id);

    expect(run.status).toBe('completed');
    expect(run.counts).toEqual({ total: 3, passed: 1, failed: 1, errored: 1 });
    expect(run.results.map((r: { name: string; verdict: string }) => [r.name, r.verdict])).toEqual([['greets', 'passed'], ['says the hours', 'failed'], ['is polite', 'errored']]);
    expect(run.results[1].expectations).toEqual([{ kind: 'said', passed: false, message: 'expected the agent to say "nine to five", but it said "Hello, desk here."' }]);
    expect(run.results[1].transcript).toEqual(['agent: Hello, desk here.']);
    expect(run.results[2].error).toMatch(/no judge model is configured/);

    const event = await eventually(() => receiver.received.find((r) => r.event === 'agent.test_run_completed'), { what: 'agent.test_run_completed' });
    expect(JSON.parse(event.body)).toMatchObject({ event: 'agent.test_run_completed', channel: null, agentId: agent.body.id, data: { testRunId: run.id, status: 'completed', passed: 1, failed: 1, errored: 1 } });
    // The simulated contacts left no call, text or charge in the project, and sent no other event.
    expect((await as('GET', '/v1/calls')).body.total).toBe(0);
    expect((await as('GET', '/v1/conversations')).body.total).toBe(0);
    expect(receiver.received.map((r) => r.event)).toEqual(['agent.test_run_completed']);
    expect((await as('GET', `/v1/test-runs?agentId=${agent.body.id}`)).body).toMatchObject({ data: [{ id: run.id }], total: 1 });
  });

  it('runs chosen tests, and refuses ids that are not the agent’s', async () => {
    const { as } = await aProject();
    const agent = await as('POST', '/v1/agents', deskAgent);
    const first = await as('POST', `/v1/agents/${agent.body.id}/tests`, greets);
    await as('POST', `/v1/agents/${agent.body.id}/tests`, hours);
    const run = await finished(as, (await as('POST', '/v1/test-runs', { agentId: agent.body.id, testIds: [first.body.id] })).body.id);
    expect(run.results.map((r: { verdict: string }) => r.verdict)).toEqual(['passed']);
    const wrong = await as('POST', '/v1/test-runs', { agentId: agent.body.id, testIds: [first.body.id, 'test_nope'] });
    expect([wrong.status, wrong.body.error.details[0].field]).toEqual([422, 'testIds.1']);
  });

  it('plays a hosted agent on copies of its knowledge bases: search_knowledge finds the project’s documents in the stage', async () => {
    // Asked a question, the model searches; handed the passages found, it says them.
    const model = new ScriptedLanguageModel();
    const answer = (request: ChatRequest) => {
      const last = request.messages.at(-1);
      return last?.role === 'tool' ? last.content : { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'opening hours' } }] };
    };
    model.add(answer, answer);
    const { as } = await aProject({ languageModel: model });
    const kb = await as('POST', '/v1/knowledge-bases', { name: 'Front desk' });
    await as('POST', `/v1/knowledge-bases/${kb.body.id}/documents`, { format: 'markdown', content: '# Opening hours\n\nWe are open nine to five, Monday to Friday.' });
    const agent = await as('POST', '/v1/agents', { ...deskAgent, knowledgeBaseIds: [kb.body.id] });
    const asks = { name: 'finds the hours', caller: { script: [{ say: 'When are you open?' }] }, expect: [{ toolCalled: 'search_knowledge' }, { said: 'nine to five, Monday to Friday' }] };
    await as('POST', `/v1/agents/${agent.body.id}/tests`, asks);

    const run = await finished(as, (await as('POST', '/v1/test-runs', { agentId: agent.body.id })).body.id);

    expect(run.results.map((r: { verdict: string; expectations: unknown }) => [r.verdict, r.expectations])).toEqual([['passed', expect.any(Array)]]);
    // The copies were the stage's: the project holds its one knowledge base and document still, and no call.
    expect((await as('GET', '/v1/knowledge-bases')).body.total).toBe(1);
    expect((await as('GET', `/v1/knowledge-bases/${kb.body.id}/documents`)).body.total).toBe(1);
    expect((await as('GET', '/v1/calls')).body.total).toBe(0);
  });

  it('cancels a run half-way: it stops, keeps its record, and leaves nothing else behind', async () => {
    const hook = await startReceiver((request) => (request.event === 'agent.message' ? 'hang' : 200));
    opened.push(hook);
    const { h, as, projectId } = await aProject();
    const agent = await as('POST', '/v1/agents', { name: 'Line', voiceMode: 'webhook' });
    await as('POST', `/v1/agents/${agent.body.id}/webhook`, { url: hook.url });
    const asks = { name: 'asks', caller: { script: [{ say: 'Hello?' }] }, expect: [{ said: 'hi' }] };
    for (const scenario of [asks, { ...asks, name: 'asks again' }]) await as('POST', `/v1/agents/${agent.body.id}/tests`, scenario);

    const started = await as('POST', '/v1/test-runs', { agentId: agent.body.id });
    await eventually(() => hook.received.some((r) => r.event === 'agent.message'), { what: 'the agent webhook to be asked' });
    const cancelled = await as('POST', `/v1/test-runs/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'cancelled on request', results: [] });
    expect((await as('POST', `/v1/test-runs/${started.body.id}/cancel`)).status).toBe(409);

    expect((await as('GET', '/v1/calls')).body.total).toBe(0);
    // Closing waits for the worker to let go of the run; the record is all that is left, as it was cancelled.
    await h.close();
    const kept = await h.read((tx) => tx.testRuns.findById(projectId, started.body.id));
    expect(kept).toMatchObject({ status: 'cancelled', results: [] });
  });

  it('cancels the runs a stopping node was playing, saying so on their records', async () => {
    const hook = await startReceiver((request) => (request.event === 'agent.message' ? 'hang' : 200));
    opened.push(hook);
    const { h, as, projectId } = await aProject();
    const agent = await as('POST', '/v1/agents', { name: 'Line', voiceMode: 'webhook' });
    await as('POST', `/v1/agents/${agent.body.id}/webhook`, { url: hook.url });
    await as('POST', `/v1/agents/${agent.body.id}/tests`, { name: 'asks', caller: { script: [{ say: 'Hello?' }] }, expect: [{ said: 'hi' }] });
    const started = await as('POST', '/v1/test-runs', { agentId: agent.body.id });
    await eventually(() => hook.received.some((r) => r.event === 'agent.message'), { what: 'the agent webhook to be asked' });

    await h.close();

    expect(await h.read((tx) => tx.testRuns.findById(projectId, started.body.id))).toMatchObject({ status: 'cancelled', cancelReason: 'the node stopped', results: [] });
  });
});
