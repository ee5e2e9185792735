/**
 * A thread of a scenario run (see scenario-threads.ts): takes scenarios from the run's thread one
 * at a time, plays them on stages of its own and sends each result back, then ends.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { LanguageModel } from '../../application/ports/language-model.js';
import type { QueuedScenario, ScenarioQueue } from '../../application/testing/scenario-suite.js';
import { playQueue } from '../../application/testing/scenario-suite.js';
import type { Scenario } from '../../application/testing/scenario.js';
import { AjvJsonSchemaValidator } from '../../adapters/ajv/ajv-json-schema-validator.js';
import { ScriptedLanguageModel } from '../../adapters/scripted/scripted-language-model.js';
import { templateIn } from './embedded-template.js';
import { createInProcessStage } from './in-process-stage.js';
import { threadBusy, type FromThread, type ThreadSetup, type ToThread } from './scenario-threads.js';

const port = parentPort!;
const setup = workerData as ThreadSetup;
const send = (message: FromThread): void => port.postMessage(message);

/** The model of each scenario taken, by its index, until its result is sent. */
const models = new Map<number, { readonly scenario: Scenario; readonly model: ScriptedLanguageModel | null }>();
const modelOf = (scenario: Scenario): LanguageModel | null => [...models.values()].find((taken) => taken.scenario === scenario)?.model ?? null;
/** The takes waiting for their answer, in the order asked (the run's thread answers in order). */
const answers: ((message: ToThread) => void)[] = [];
let left = setup.left;
port.on('message', (message: ToThread) => answers.shift()?.(message));

const queue: ScenarioQueue = {
  take: () =>
    new Promise<QueuedScenario | null>((resolve) => {
      answers.push(({ scenario, left: now }) => {
        left = now;
        if (scenario) models.set(scenario.index, { scenario: scenario.source.scenario, model: scenario.script === null ? null : new ScriptedLanguageModel(scenario.script) });
        resolve(scenario);
      });
      send({ type: 'take' });
    }),
  left: () => left,
};

const template = setup.templateDir === null ? undefined : templateIn(setup.templateDir);

await playQueue(
  queue,
  {
    concurrency: setup.concurrency,
    stage: () => createInProcessStage({ store: setup.store, model: null, template }),
    threadBusy: threadBusy(),
    played: (result, index) => {
      const requests = models.get(index)?.model?.requests.map(({ signal: _signal, ...request }) => request) ?? [];
      models.delete(index);
      send({ type: 'result', index, result, requests });
    },
  },
  setup.seed,
  {
    schemas: new AjvJsonSchemaValidator(),
    judge: null,
    callerModel: null,
    agentModel: modelOf,
    now: () => performance.now(),
  },
);
send({ type: 'done' });
