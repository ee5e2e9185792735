import type { ScenarioStage } from '../ports/scenario-stage.js';
import type { ScenarioSource } from './scenario.js';
import { summarise, type RunSummary, type ScenarioResult } from './scenario-result.js';
import { runScenario, type ScenarioRunnerDeps } from './scenario-runner.js';

export interface SuiteOptions {
  readonly seed: number;
  /** At most this many scenarios run side by side, each stage playing one at a time. */
  readonly concurrency: number;
  /** Makes one stage per worker; each is closed when its worker is done. */
  readonly stage: () => Promise<ScenarioStage>;
  /** Hears each result as it comes (a reporter's progress). */
  readonly onResult?: (result: ScenarioResult, index: number) => void;
  /**
   * The share (0 to 1) of the time since it was last asked that this thread spent working. When
   * given, stages start one by one, a further one only while the thread mostly waited (on a
   * webhook, a model): stages sharing a busy thread play no faster together, and each costs its start.
   * Absent: `concurrency` stages start at once.
   */
  readonly threadBusy?: () => number;
}

/** Above this share of time working, another stage on the same thread would only wait its turn. */
const BUSY = 0.5;

/**
 * Runs scenarios on up to `concurrency` stages of their own (a stage's clock and models are its
 * scenario's while it plays), and answers every result in the order the scenarios were given.
 */
export const runSuite = async (sources: readonly ScenarioSource[], options: SuiteOptions, deps: ScenarioRunnerDeps): Promise<RunSummary> => {
  const started = deps.now();
  const results: ScenarioResult[] = new Array(sources.length);
  const most = Math.max(1, Math.min(options.concurrency, sources.length));
  const workers: Promise<void>[] = [];
  let next = 0;
  const grow = (): void => {
    if (workers.length >= most || next >= sources.length) return;
    if (workers.length > 0 && options.threadBusy && options.threadBusy() > BUSY) return;
    workers.push(worker());
  };
  const worker = async () => {
    if (next >= sources.length) return;
    const stage = await options.stage();
    try {
      while (next < sources.length) {
        const index = next++;
        const result = await runScenario(sources[index]!, stage, options.seed, deps);
        results[index] = result;
        options.onResult?.(result, index);
        grow();
      }
    } finally {
      await stage.close();
    }
  };
  if (options.threadBusy) {
    options.threadBusy();
    grow();
  } else while (workers.length < most) grow();
  // Workers may start more workers while they run: wait until every one started has ended.
  for (let waited = 0; waited < workers.length; ) {
    const now = workers.length;
    await Promise.all(workers.slice(waited, now));
    waited = now;
  }
  return summarise(options.seed, results, deps.now() - started);
};
