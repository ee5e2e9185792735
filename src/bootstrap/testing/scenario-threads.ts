import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ChatRequest } from '../../application/ports/language-model.js';
import type { ScenarioResult } from '../../application/testing/scenario-result.js';
import type { QueuedScenario, SharedQueue, SuiteHelpers } from '../../application/testing/scenario-suite.js';
import type { Scenario } from '../../application/testing/scenario.js';
import type { ScriptedLanguageModel, ScriptedReply } from '../../adapters/scripted/scripted-language-model.js';

/** What a scenario thread is started with (both ends are this code, so the shape is trusted). */
export interface ThreadSetup {
  readonly seed: number;
  readonly store: 'embedded' | 'memory';
  /** The run's migrated store, which the thread's stages copy (embedded). */
  readonly templateDir: string | null;
  /** At most this many stages on the thread. */
  readonly concurrency: number;
  /** How many scenarios were left to take when it started. */
  readonly left: number;
}

/** A scenario for the thread, with its hosted agent's scripted model as data (null: none). */
export interface HandedScenario extends QueuedScenario {
  readonly script: readonly (string | ScriptedReply)[] | null;
}

export type ToThread = { readonly type: 'scenario'; readonly scenario: HandedScenario | null; readonly left: number };

export type FromThread =
  | { readonly type: 'take' }
  | { readonly type: 'result'; readonly index: number; readonly result: ScenarioResult; readonly requests: readonly Omit<ChatRequest, 'signal'>[] }
  | { readonly type: 'done' };

/** A scenario's hosted model as it crosses to another thread: the model here (its requests mirrored) and its script. */
export interface HandedModel {
  readonly model: ScriptedLanguageModel | null;
  readonly script: readonly (string | ScriptedReply)[] | null;
}

/** The event loop's utilisation since the last call: how much of that time this thread worked. */
export const threadBusy = (): (() => number) => {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization;
  };
};

/**
 * The compiled entry beside this module; none when this module is TypeScript (a test runner's or
 * tsx's), whose transform a worker's entry does not get on Node 20: the run then keeps to one thread.
 */
const ENTRY = import.meta.url.endsWith('.js') ? new URL('./scenario-thread.js', import.meta.url) : null;

/**
 * Threads of a run, each a Switchboard of its own playing scenarios of the run's queue. A
 * scenario whose model cannot cross (`handOver` answers null) is kept for this thread.
 */
export const scenarioThreads = (run: Omit<ThreadSetup, 'concurrency' | 'left'>, handOver: (scenario: Scenario) => HandedModel | null): SuiteHelpers => ({
  most: ENTRY ? Math.max(0, availableParallelism() - 1) : 0,
  start: (queue: SharedQueue, concurrency: number, played: (result: ScenarioResult, index: number) => void) => {
    const setup: ThreadSetup = { ...run, concurrency, left: queue.leftToTakeAway() };
    // None of this thread's flags: its loaders (a test runner's, tsx's) are for TypeScript, which
    // the compiled entry has none of, and resolving each of its modules through them was most of its start.
    const thread = new Worker(ENTRY!, { workerData: setup, execArgv: [] });
    const taken = new Map<number, { readonly queued: QueuedScenario; readonly model: ScriptedLanguageModel | null }>();
    let over = false;
    let released = false;
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((resolved) => (resolve = resolved));
    // Whatever the thread took and did not play (it failed) is played here instead.
    const end = (): void => {
      if (over) return;
      over = true;
      for (const { queued } of taken.values()) queue.keepHere(queued);
      taken.clear();
      void thread.terminate();
      resolve();
    };
    const next = (): HandedScenario | null => {
      for (let queued = queue.takeAway(); queued !== null; queued = queue.takeAway()) {
        const handed = handOver(queued.source.scenario);
        if (handed === null) {
          queue.keepHere(queued);
          continue;
        }
        taken.set(queued.index, { queued, model: handed.model });
        return { ...queued, script: handed.script };
      }
      return null;
    };
    thread.on('message', (message: FromThread) => {
      if (over) return;
      if (message.type === 'take') {
        const answer: ToThread = { type: 'scenario', scenario: next(), left: queue.leftToTakeAway() };
        thread.postMessage(answer);
      } else if (message.type === 'result') {
        const mine = taken.get(message.index);
        taken.delete(message.index);
        mine?.model?.answeredElsewhere(message.requests);
        played(message.result, message.index);
        if (released && taken.size === 0) end();
      } else end();
    });
    thread.on('error', end);
    thread.on('exit', end);
    return {
      done,
      release: () => {
        released = true;
        if (taken.size === 0) end();
      },
    };
  },
});
