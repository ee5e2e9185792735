import * as E from 'fp-ts/lib/Either.js';
import { cancelRun } from '../../domain/agent-test.js';
import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/**
 * The longest a run may take before it counts as left behind: a run holds at most 100 tests,
 * and a scenario whose every step waits out its time is minutes long, so a live run ends well before.
 */
export const STALE_RUN_MS = 6 * 60 * 60 * 1000;

/** How often the sweep looks. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const BATCH = 50;

export const STOPPED_NODE_REASON = 'the node playing it stopped before it finished';
export const STALE_RUN_REASON = 'it did not finish within 6 hours: the node playing it is gone';

export interface TestRunSweeperDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly logger: Logger;
  /**
   * The store belongs to this process alone (the embedded one, locked to it): every run queued
   * or running when it starts was left by an earlier process, which played runs in memory.
   */
  readonly soleNode: boolean;
  readonly intervalMs?: number;
}

/**
 * Marks runs a stopped or crashed node left `queued` or `running` as cancelled, saying why: at
 * start (on a store of its own, every run made before then), and periodically (on any store,
 * the runs older than {@link STALE_RUN_MS}), so none shows as running forever.
 */
export class TestRunSweeper {
  private readonly schedule = new PeriodicTask(
    () => this.sweepStale(),
    (error) => this.deps.logger.error({ err: { message: errorMessage(error) } }, 'the sweep of abandoned test runs failed'),
  );

  constructor(private readonly deps: TestRunSweeperDeps) {}

  async start(): Promise<void> {
    if (this.deps.soleNode) await this.sweep(this.deps.clock.now(), STOPPED_NODE_REASON);
    this.schedule.start(this.deps.intervalMs ?? SWEEP_INTERVAL_MS, { runNow: !this.deps.soleNode });
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }

  /** Cancels the runs older than the bound; how many. */
  sweepStale(): Promise<number> {
    return this.sweep(new Date(this.deps.clock.now().getTime() - STALE_RUN_MS), STALE_RUN_REASON);
  }

  /** Cancels every unfinished run made before `createdBefore`, a batch a transaction; how many. */
  async sweep(createdBefore: Date, reason: string): Promise<number> {
    let swept = 0;
    for (;;) {
      const batch = await this.deps.uow.transaction(async (tx) => {
        const stale = await tx.testRuns.claimStale(createdBefore, BATCH);
        const now = this.deps.clock.now();
        for (const run of stale) {
          const cancelled = cancelRun(run, reason, now);
          if (E.isRight(cancelled)) await tx.testRuns.save(cancelled.right);
        }
        return E.right(stale.length);
      });
      if (E.isLeft(batch)) return swept;
      swept += batch.right;
      if (batch.right < BATCH) break;
    }
    if (swept > 0) this.deps.logger.warn({ swept, reason }, 'cancelled test runs a node left unfinished');
    return swept;
  }
}
