import type { ScenarioStage } from '../ports/scenario-stage.js';
import type { ScenarioSource } from './scenario.js';
import { summarise, type RunSummary, type ScenarioResult } from './scenario-result.js';
import { runScenario, type ScenarioRunnerDeps } from './scenario-runner.js';

/** One scenario of a run, with its place among the run's scenarios. */
export interface QueuedScenario {
  readonly index: number;
  readonly source: ScenarioSource;
}

/** Where a thread's stages take the scenarios they play, one at a time, until none is left. */
export interface ScenarioQueue {
  /** The next scenario to play here; null once none is left. */
  take(): Promise<QueuedScenario | null>;
  /** How many scenarios are left to take, as far as this thread knows. */
  left(): number;
}

/**
 * Other threads of the run, each playing scenarios of the same queue on stages of its own: how a
 * run whose scenarios keep this thread busy plays on more than one core.
 */
export interface SuiteHelpers {
  /** How many more threads may start (each one's stages count in the run's `concurrency`). */
  readonly most: number;
  /**
   * Starts one on `queue` with at most `concurrency` stages, each result given to `played`. A
   * thread that fails keeps here what it had taken and not played.
   */
  start(queue: SharedQueue, concurrency: number, played: (result: ScenarioResult, index: number) => void): HelperThread;
}

export interface HelperThread {
  /** Resolves once the thread is over. */
  readonly done: Promise<void>;
  /** Nothing is left to take: the thread ends once what it took is played (at once when nothing). */
  release(): void;
}

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
  /** Further threads, started with a run long enough to pay for their start. */
  readonly helpers?: SuiteHelpers;
}

/** Above this share of time working, another stage on the same thread would only wait its turn. */
const BUSY = 0.5;

/**
 * A thread starts by loading Switchboard and opening a store of its own, which costs as much as
 * many scenarios: one is started only for a run of at least this many scenarios a thread.
 */
const LEFT_FOR_A_THREAD = 24;

export interface PlayOptions {
  /** At most this many stages of this thread. */
  readonly concurrency: number;
  readonly stage: () => Promise<ScenarioStage>;
  readonly threadBusy?: () => number;
  readonly played: (result: ScenarioResult, index: number) => void;
}

/**
 * Plays a queue's scenarios on up to `concurrency` stages of this thread (a stage's clock and
 * models are its scenario's while it plays); resolves once every stage is closed.
 */
export const playQueue = async (queue: ScenarioQueue, options: PlayOptions, seed: number, deps: ScenarioRunnerDeps): Promise<void> => {
  const workers: Promise<void>[] = [];
  const grow = (): void => {
    if (queue.left() === 0) return;
    if (workers.length >= Math.max(1, options.concurrency)) return;
    if (workers.length > 0 && options.threadBusy && options.threadBusy() > BUSY) return;
    workers.push(worker());
  };
  const worker = async () => {
    let next = await queue.take();
    if (next === null) return;
    const stage = await options.stage();
    try {
      for (; next !== null; next = await queue.take()) {
        options.played(await runScenario(next.source, stage, seed, deps), next.index);
        grow();
      }
    } finally {
      await stage.close();
    }
  };
  if (queue.left() === 0) return;
  if (options.threadBusy) {
    options.threadBusy();
    grow();
  } else while (workers.length < Math.min(Math.max(1, options.concurrency), queue.left())) workers.push(worker());
  await allOf(workers);
};

/** Waits for every promise of a list that grows while they run. */
const allOf = async (list: readonly Promise<void>[]): Promise<void> => {
  for (let waited = 0; waited < list.length; ) {
    const now = list.length;
    await Promise.all(list.slice(waited, now));
    waited = now;
  }
};

/** The run's queue, which other threads take from too. */
export interface SharedQueue extends ScenarioQueue {
  /** The next scenario another thread may play (never one kept here); null once none is. */
  takeAway(): QueuedScenario | null;
  /** How many scenarios another thread may still take. */
  leftToTakeAway(): number;
  /** A scenario only this thread plays: another could not (its model is not data, or that thread failed). */
  keepHere(scenario: QueuedScenario): void;
}

/** The run's scenarios in order, taken from the front; those kept here are this thread's first. */
const queueOf = (sources: readonly ScenarioSource[]): SharedQueue => {
  let next = 0;
  const kept: QueuedScenario[] = [];
  const takeAway = () => (next < sources.length ? { index: next, source: sources[next++]! } : null);
  return {
    take: async () => kept.shift() ?? takeAway(),
    left: () => kept.length + sources.length - next,
    takeAway,
    leftToTakeAway: () => sources.length - next,
    keepHere: (scenario) => kept.push(scenario),
  };
};

/**
 * Runs scenarios on up to `concurrency` stages of their own, on this thread and, for a long run,
 * on the helpers' threads, and answers every result in the order the scenarios were given.
 */
export const runSuite = async (sources: readonly ScenarioSource[], options: SuiteOptions, deps: ScenarioRunnerDeps): Promise<RunSummary> => {
  const started = deps.now();
  const results: ScenarioResult[] = new Array(sources.length);
  const played = (result: ScenarioResult, index: number): void => {
    results[index] = result;
    options.onResult?.(result, index);
  };
  const queue = queueOf(sources);
  const concurrency = Math.max(1, Math.min(options.concurrency, sources.length));
  // A long run's threads start with it (each takes about as long to start as this thread's first
  // stage). Each plays on one stage: a thread is for scenarios that keep one busy, and scenarios
  // that wait play side by side here, on the rest of `concurrency`.
  const helpers = options.helpers;
  const threads = 1 + Math.max(0, Math.min(helpers?.most ?? 0, concurrency - 1, Math.floor(sources.length / LEFT_FOR_A_THREAD) - 1));
  const helping = Array.from({ length: threads - 1 }, () => helpers!.start(queue, 1, played));
  const mine = concurrency - (threads - 1);
  await playQueue(queue, { concurrency: mine, stage: options.stage, threadBusy: options.threadBusy, played }, options.seed, deps);
  // The helpers still playing are waited for (one still starting is ended); what a failed one
  // handed back is played here.
  for (const helper of helping) helper.release();
  await Promise.all(helping.map((helper) => helper.done));
  if (queue.left() > 0) await playQueue(queue, { concurrency: mine, stage: options.stage, played }, options.seed, deps);
  return summarise(options.seed, results, deps.now() - started);
};
