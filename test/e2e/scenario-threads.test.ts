import { beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../src/application/testing/scenario-result.js';
import type { QueuedScenario, SharedQueue } from '../../src/application/testing/scenario-suite.js';
import { aScriptedScenario, aScriptedSource, scriptedAnswers } from '../support/scenario-builders.js';
import { migratedDataDirsRemovedAfterEach } from '../support/temp-dirs.js';

/** The compiled modules (the build the e2e setup makes): a run's threads start only from compiled code. */
const compiled = async <M>(path: string): Promise<M> => (await import(new URL(`../../dist/src/${path}`, import.meta.url).href)) as M;
type Threads = typeof import('../../src/bootstrap/testing/scenario-threads.js');
type Testing = typeof import('../../src/testing.js');

let threads: Threads;
let testing: Testing;
beforeAll(async () => {
  threads = await compiled<Threads>('bootstrap/testing/scenario-threads.js');
  testing = await compiled<Testing>('testing.js');
});

/** A queue over `count` scripted scenarios, which keeps apart what is kept here. */
const aQueue = (count: number) => {
  const sources = Array.from({ length: count }, (_, i) => aScriptedSource(i));
  let next = 0;
  const kept: QueuedScenario[] = [];
  const queue: SharedQueue = {
    take: async () => kept.shift() ?? queue.takeAway(),
    left: () => kept.length + sources.length - next,
    takeAway: () => (next < sources.length ? { index: next, source: sources[next++]! } : null),
    leftToTakeAway: () => sources.length - next,
    keepHere: (scenario) => kept.push(scenario),
  };
  return { queue, kept };
};

const playedInto = (results: Map<number, ScenarioResult>) => (result: ScenarioResult, index: number) => results.set(index, result);

describe('scenario threads', () => {
  const aMigratedDir = migratedDataDirsRemovedAfterEach('scenario-threads-');

  it('a thread plays the scenarios it takes on its own embedded store, with copies of their scripted models', async () => {
    const { queue, kept } = aQueue(6);
    const models = new Map<string, InstanceType<Testing['ScriptedLanguageModel']>>();
    const helpers = threads.scenarioThreads({ seed: 7, store: 'embedded', templateDir: await aMigratedDir() }, (scenario) => {
      const model = new testing.ScriptedLanguageModel(scriptedAnswers(2));
      models.set(scenario.name, model);
      return { model, script: model.scriptAsData() };
    });
    const results = new Map<number, ScenarioResult>();
    await helpers.start(queue, 2, playedInto(results)).done;
    expect([...results.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...results.values()].map((r) => r.verdict)).toEqual(Array(6).fill('passed'));
    expect(results.get(3)!.transcript).toEqual(['agent: Hello, desk here.', 'caller: Question 1 of caller 4?', 'agent: Answer 1.', 'caller: Question 2 of caller 4?', 'agent: Answer 2.']);
    // What the copies were asked is on the models given, as if they had answered here.
    expect(models.get('scripted 4')!.requests.map((r) => r.messages.at(-1)?.content)).toEqual(['Question 1 of caller 4?', 'Question 2 of caller 4?']);
    expect(kept).toEqual([]);
  });

  it('keeps here the scenarios whose model cannot cross, and what a thread that failed had taken', async () => {
    const { queue, kept } = aQueue(4);
    const results = new Map<number, ScenarioResult>();
    // The first scenario's model is not data; the thread then cannot copy its store.
    const helpers = threads.scenarioThreads({ seed: 7, store: 'embedded', templateDir: '/nonexistent/switchboard-template' }, (scenario) =>
      scenario.name === 'scripted 1' ? null : { model: null, script: [] },
    );
    await helpers.start(queue, 1, playedInto(results)).done;
    expect(results.size).toBe(0);
    expect(kept.map((k) => k.index).sort()).toEqual([0, 1]);
  });

  it('a thread released before it takes anything ends at once', async () => {
    const { queue } = aQueue(0);
    const helper = threads.scenarioThreads({ seed: 7, store: 'memory', templateDir: null }, () => ({ model: null, script: null })).start(queue, 1, () => undefined);
    helper.release();
    await helper.done;
  });
});

describe('runScenarios over threads', () => {
  it('gives the same verdicts and transcripts at any concurrency, each scripted model asked as on one thread', async () => {
    const run = async (concurrency: number) => {
      const models: InstanceType<Testing['ScriptedLanguageModel']>[] = [];
      const summary = await testing.runScenarios(
        Array.from({ length: 60 }, (_, i) => aScriptedScenario(i)),
        { store: 'memory', seed: 3, concurrency, agentModel: () => models[models.push(new testing.ScriptedLanguageModel(scriptedAnswers(2))) - 1]! },
      );
      return { summary, asked: models.map((m) => m.requests.length) };
    };
    const one = await run(1);
    const four = await run(4);
    expect(one.summary.passed).toBe(60);
    expect(four.summary.results.map((r) => [r.name, r.verdict, r.transcript, r.seed])).toEqual(one.summary.results.map((r) => [r.name, r.verdict, r.transcript, r.seed]));
    expect(four.asked).toEqual(Array(60).fill(2));
  });
});
