import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type TestSuites } from 'junit2json';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../src/application/ports/language-model.js';
import { runTestCommand } from '../../../src/bootstrap/test-command.js';
import { runScenario, runScenarios, ScriptedLanguageModel } from '../../../src/testing.js';

const hostedAgent = { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help callers.', greeting: 'Hello, desk here.' };

const hoursScenario = (expect: unknown[]) => ({
  name: 'opening hours',
  agent: hostedAgent,
  caller: { script: [{ say: 'When are you open?' }] },
  expect,
});

const verdicts = (...items: { passed: boolean; reason: string }[]) => JSON.stringify({ verdicts: items.map((v, i) => ({ criterion: i + 1, ...v })) });

describe('runScenario', () => {
  it('passes a judged criterion the scripted judge meets, with its reason', async () => {
    const judge = new ScriptedLanguageModel([verdicts({ passed: true, reason: 'The agent gave the hours.' })]);
    const result = await runScenario(hoursScenario([{ said: 'nine to five' }, { judged: 'The agent tells the caller when it is open' }]), {
      store: 'memory',
      model: new ScriptedLanguageModel(["We're open nine to five."]),
      judge,
    });
    expect(result.verdict).toBe('passed');
    expect(result.expectations.map((e) => e.message)).toEqual(['the agent to say "nine to five"', 'met: "The agent tells the caller when it is open" — The agent gave the hours.']);
    // The judge was asked for structured output and read the transcript.
    expect(judge.requests[0]!.responseFormat?.name).toBe('scenario_verdicts');
    expect(judge.requests[0]!.messages[1]!.content).toContain("agent: We're open nine to five.");
  });

  it('fails a criterion the judge finds unmet, and errs when the judge fails or answers off the schema', async () => {
    const run = (judge: ScriptedLanguageModel) =>
      runScenario(hoursScenario([{ judged: 'The agent offers to book a table' }]), { store: 'memory', model: new ScriptedLanguageModel(["We're open nine to five."]), judge });
    const unmet = await run(new ScriptedLanguageModel([verdicts({ passed: false, reason: 'No booking was offered.' })]));
    expect([unmet.verdict, unmet.expectations[0]!.message]).toEqual(['failed', 'not met: "The agent offers to book a table" — No booking was offered.']);
    const failing = await run(new ScriptedLanguageModel([{ fail: 'judge is down' }]));
    expect([failing.verdict, failing.error]).toEqual(['errored', 'judge is down']);
    const offSchema = await run(new ScriptedLanguageModel(['{"verdicts":[{"criterion":1,"passed":"yes"}]}']));
    expect(offSchema.verdict).toBe('errored');
    expect(offSchema.error).toMatch(/does not follow the schema/);
    const noJudge = await runScenario(hoursScenario([{ judged: 'anything' }]), { store: 'memory', model: null });
    expect(noJudge.verdict).toBe('errored');
  });

  it('stubs custom tools per scenario: a fixed answer, an error, a timeout reach the model as such', async () => {
    const tool = { name: 'lookup_order', description: 'Looks up an order', url: 'https://tools.example.com/orders', method: 'POST', parameters: { type: 'object', properties: { order: { type: 'string' } } } };
    const results = [];
    for (const stub of [{ answer: { status: 'shipped' } }, { error: 503 }, { timeout: true }]) {
      const model = new ScriptedLanguageModel([{ toolCalls: [{ name: 'lookup_order', arguments: { order: '42' } }] }, 'Done.']);
      results.push(
        await runScenario(
          { name: 'order', agent: { ...hostedAgent, customTools: [tool] }, tools: { lookup_order: stub }, caller: { script: [{ say: 'Where is order 42?' }] }, expect: [{ toolCalled: { name: 'lookup_order', arguments: { type: 'object', required: ['order'] } } }] },
          { store: 'memory', model },
        ),
      );
    }
    expect(results.map((r) => r.verdict)).toEqual(['passed', 'passed', 'passed']);
    const toolResults = results.map((r) => r.transcript.find((line) => line.startsWith('tool result')));
    expect(toolResults[0]).toBe('tool result: {"status":"shipped"}');
    expect(toolResults[1]).toMatch(/^tool result: The tool lookup_order failed with HTTP 503\./);
    expect(toolResults[2]).toMatch(/^tool result: The tool lookup_order did not answer within 10 seconds\./);
  });

  it('never passes by default: a scenario whose agent cannot be made errs', async () => {
    const result = await runScenario({ name: 'by id', agent: { id: 'agt_missing' }, caller: { script: [{ say: 'hi' }] }, expect: [{ said: 'x' }] }, { store: 'memory' });
    expect(result.verdict).toBe('errored');
    expect(result.error).toMatch(/agent agt_missing/);
  });
});

describe('a simulated caller', () => {
  /** A caller model whose words depend on the seed only: the same seed, the same call. */
  const seededCaller = () =>
    new ScriptedLanguageModel(
      Array.from({ length: 10 }, () => (request: ChatRequest) =>
        JSON.stringify({ say: ['I need a table', 'What time do you close?', 'Do you have parking?'][(request.seed ?? 0) % 3], goalMet: false, hangUp: false }),
      ),
    );
  const echoingAgent = () => new ScriptedLanguageModel(Array.from({ length: 10 }, () => (request: ChatRequest) => `You said: ${request.messages.at(-1)!.content}`));
  const scenario = { name: 'books a table', agent: hostedAgent, caller: { simulated: { persona: 'A hurried diner', goal: 'Book a table for two', maxTurns: 3 } }, expect: [{ turns: { min: 2 } }] };

  it('replays the same call with the same seed', async () => {
    const run = (seed: number) => runScenario(scenario, { store: 'memory', seed, model: echoingAgent(), callerModel: seededCaller() });
    const [first, again, other] = [await run(11), await run(11), await run(12)];
    expect(first.verdict).toBe('passed');
    expect(first.transcript.filter((line) => line.startsWith('caller:'))).toHaveLength(3);
    expect(again.transcript).toEqual(first.transcript);
    expect(other.transcript).not.toEqual(first.transcript);
  });
});

describe('switchboard test', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const folder = async (files: Record<string, string>) => {
    const dir = await mkdtemp(join(tmpdir(), 'scenarios-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    return dir;
  };
  const NO_MODEL_ENV = { LOG_LEVEL: 'silent' };

  it('names the file and field of a scenario that does not decode, runs nothing, and exits 1', async () => {
    const dir = await folder({ 'bad.yaml': 'name: x\nagent: { name: A }\ncaller:\n  script:\n    - press: abc\nexpect: []\n' });
    let out = '';
    const code = await runTestCommand([dir, '--reporter', 'json'], NO_MODEL_ENV, (text) => (out += text));
    expect(code).toBe(1);
    const summary = JSON.parse(out);
    expect(summary.results).toHaveLength(1);
    expect(summary.results[0].verdict).toBe('errored');
    expect(summary.results[0].file).toMatch(/bad\.yaml$/);
    expect(summary.results[0].error).toContain('caller.script.0.press must be 1 to 32 of 0-9, *, # and w');
    expect(summary.results[0].error).toContain('expect must hold at least one expectation');
  });

  it('writes a JUnit report a JUnit parser reads, on the embedded store, and prints the seed', async () => {
    const webhookless = { name: 'Quiet', voiceMode: 'webhook', greeting: 'Hello there.' };
    const dir = await folder({
      'greeting.yaml': JSON.stringify([
        { name: 'greets', agent: webhookless, caller: { script: [{ hangUp: true }] }, expect: [{ said: { turn: 1, text: 'Hello there' } }, { hungUp: { disconnectionReason: 'caller_hangup' } }] },
        { name: 'says the hours', agent: webhookless, caller: { script: [{ hangUp: true }] }, expect: [{ said: 'nine to five' }] },
      ]),
    });
    let out = '';
    const code = await runTestCommand([dir, '--reporter', 'junit', '--seed', '42'], NO_MODEL_ENV, (text) => (out += text));
    expect(code).toBe(1);
    const report = (await parse(out)) as TestSuites;
    const suite = report.testsuite![0]!;
    expect([suite.tests, suite.failures, suite.errors]).toEqual([2, 1, 0]);
    expect(suite.properties).toEqual([{ name: 'seed', value: 42 }]);
    expect(suite.testcase!.map((c) => [c.name, c.failure?.[0]?.message ?? null])).toEqual([
      ['greets', null],
      ['says the hours', 'expected the agent to say "nine to five", but it said "Hello there."'],
    ]);
  });
});
