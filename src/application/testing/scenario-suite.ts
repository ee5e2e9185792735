import type { ScenarioStage } from '../ports/scenario-stage.js';
import type { ScenarioSource } from './scenario.js';
import { summarise, type RunSummary, type ScenarioResult } from './scenario-result.js';
import { runScenario, type ScenarioRunnerDeps } from './scenario-runner.js';

export interface SuiteOptions {
  readonly seed: number;
  /** Scenarios run side by side, each stage playing one at a time. */
  readonly concurrency: number;
  /** Makes one stage per worker; each is closed when its worker is done. */
  readonly stage: () => Promise<ScenarioStage>;
  /** Hears each result as it comes (a reporter's progress). */
  readonly onResult?: (result: ScenarioResult, index: number) => void;
}

/**
 * Runs scenarios on `concurrency` stages of their own (a stage's clock and models are its
 * scenario's while it plays), and answers every result in the order the scenarios were given.
 */
export const runSuite = async (sources: readonly ScenarioSource[], options: SuiteOptions, deps: ScenarioRunnerDeps): Promise<RunSummary> => {
  const started = deps.now();
  const results: ScenarioResult[] = new Array(sources.length);
  let next = 0;
  const worker = async () => {
    if (next >= sources.length) return;
    const stage = await options.stage();
    try {
      while (next < sources.length) {
        const index = next++;
        const result = await runScenario(sources[index]!, stage, options.seed, deps);
        results[index] = result;
        options.onResult?.(result, index);
      }
    } finally {
      await stage.close();
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, sources.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return summarise(options.seed, results, deps.now() - started);
};
