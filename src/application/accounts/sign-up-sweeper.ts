import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';
import * as E from 'fp-ts/lib/Either.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** How often the sweep runs. */
export const SIGN_UP_SWEEP_MS = 60 * 60 * 1000;
/**
 * How long an unverified sign-up is kept after its code expired. Within it a late try still
 * hears CODE_EXPIRED (and can start over) instead of a bare "verification not found".
 */
export const EXPIRED_SIGN_UP_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Sign-ups deleted per unit of work, so one run never holds many rows in one transaction. */
export const SIGN_UP_SWEEP_BATCH = 1000;

export interface SignUpSweeperDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly retentionMs?: number;
  readonly batchSize?: number;
}

/**
 * Deletes the sign-ups nobody verified, a day ({@link EXPIRED_SIGN_UP_RETENTION_MS}) after
 * their code expired: they hold a human's e-mail address and are of no use any more.
 * Verified sign-ups are kept (they answer a repeated verification with its project). Each
 * batch is a unit of work of its own; a run goes on until a batch comes back short. It reads
 * storage, so sign-ups from before a restart are swept too, and two nodes sweeping at once
 * only share the work.
 */
export class SignUpSweeper {
  private readonly schedule = new PeriodicTask(
    () => this.runOnce(),
    (error) => this.deps.logger.error({ err: { message: errorMessage(error) } }, 'sweeping expired sign-ups failed'),
  );
  private stopping = false;

  constructor(private readonly deps: SignUpSweeperDeps) {}

  /** One sweep: the number of sign-ups it deleted. Throws when storage fails (batches done stay done). */
  async runOnce(): Promise<number> {
    const retentionMs = this.deps.retentionMs ?? EXPIRED_SIGN_UP_RETENTION_MS;
    const batchSize = this.deps.batchSize ?? SIGN_UP_SWEEP_BATCH;
    const before = new Date(this.deps.clock.now().getTime() - retentionMs);
    let deleted = 0;
    try {
      for (;;) {
        const batch = await this.deps.uow.transaction(async (tx) => E.right(await tx.signUps.deleteExpired(before, batchSize)));
        if (E.isLeft(batch)) break;
        deleted += batch.right;
        if (batch.right < batchSize || this.stopping) break;
      }
    } finally {
      if (deleted > 0) this.deps.logger.info({ deleted, expiredBefore: before.toISOString() }, 'expired sign-ups deleted');
    }
    return deleted;
  }

  /** Sweeps now and then every `intervalMs`; failures are logged, never thrown. */
  start(intervalMs: number = SIGN_UP_SWEEP_MS): void {
    this.stopping = false;
    this.schedule.start(intervalMs, { runNow: true });
  }

  /** Stops the timer and waits for a sweep in progress, which ends after its current batch. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.schedule.stop();
  }
}
