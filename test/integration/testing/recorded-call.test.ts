import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerStage } from '../../../src/adapters/http/server-stage.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { parseMailbox } from '../../../src/adapters/rest/codecs/mailbox.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { runScenarios, ScenarioCodec, ScriptedLanguageModel, type ScenarioResult } from '../../../src/testing.js';

const failures = (result: ScenarioResult | undefined) => [result?.verdict, result?.expectations.filter((e) => !e.passed).map((e) => e.message), result?.error];

/** POST /v1/calls/{id}/scenario on a Switchboard served as a server is, and the scenario it answers replayed there. */
describe('a scenario recorded from a call', () => {
  let sb: Switchboard;
  let key: string;
  let agentId: string;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await sb.fetch(new Request(`http://switchboard.test${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { code?: string } } };
  };
  const stage = () => Promise.resolve(createServerStage({ baseUrl: 'http://switchboard.test', apiKey: key, fetch: (request) => sb.fetch(request) }));

  beforeAll(async () => {
    sb = createSwitchboard({
      env: {},
      storage: 'memory',
      telephony: new SimulatedTelephony(),
      // Each run of the call takes the same three answers.
      languageModel: new ScriptedLanguageModel(['We are open nine to five.', 'You pressed one.', 'Goodbye then.', 'We are open nine to five.', 'You pressed one.', 'Goodbye then.']),
      logger: silentLogger(),
    });
    await sb.start();
    const project = await sb.useCases().projects.createProject.execute({ email: E.getOrElseW(() => { throw new Error('mailbox'); })(parseMailbox('recorder@switchboard.test')), name: 'Recorder' })();
    if (E.isLeft(project)) throw new Error(project.left._tag);
    key = project.right.apiKey.clear;
    const agent = await api('POST', '/v1/agents', { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help callers.', greeting: 'Hello, desk here.' });
    agentId = String(agent.body.id);
  });
  afterAll(() => sb.close());

  it('replays the caller of an ended call to the same outcome', async () => {
    const first = await runScenarios(
      [{ name: 'a real call', agent: { id: agentId }, caller: { script: [{ say: 'When are you open?' }, { press: '1' }, { say: 'Thanks, bye' }, { hangUp: true }] }, expect: [{ said: 'nine to five' }] }],
      { stage },
    );
    expect(failures(first.results[0])).toEqual(['passed', [], null]);
    const callId = first.results[0]!.record!.callId!;

    const recorded = await api('POST', `/v1/calls/${callId}/scenario`);
    expect(recorded.status).toBe(200);
    const decoded = ScenarioCodec.decode(recorded.body);
    if (E.isLeft(decoded)) throw new Error('the recorded scenario does not decode');
    expect(decoded.right.agent).toEqual({ kind: 'existing', id: agentId });
    expect(decoded.right.caller).toEqual({ kind: 'script', steps: [{ kind: 'say', text: 'When are you open?' }, { kind: 'press', digits: '1' }, { kind: 'say', text: 'Thanks, bye' }, { kind: 'hang_up' }] });
    expect(decoded.right.expect).toEqual([{ kind: 'hung_up', disconnectionReason: 'caller_hangup' }]);

    const replay = await runScenarios([recorded.body], { stage });
    expect(failures(replay.results[0])).toEqual(['passed', [], null]);
    expect(replay.results[0]!.transcript).toEqual(first.results[0]!.transcript);
  });

  it('answers 409 for a call still in progress and 404 for an unknown one', async () => {
    const number = await api('POST', '/v1/numbers', { agentId });
    const live = await api('POST', '/playground/simulated/calls', { numberId: number.body.id, from: '+14155550123' });
    expect(live.status).toBe(200);
    const early = await api('POST', `/v1/calls/${String(live.body.callId)}/scenario`);
    expect([early.status, early.body.error?.code]).toEqual([409, 'CONFLICT']);
    await api('POST', `/playground/simulated/calls/${String(live.body.callId)}/hang-up`);
    const unknown = await api('POST', '/v1/calls/call_unknown/scenario');
    expect(unknown.status).toBe(404);
  });
});
