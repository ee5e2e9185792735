import * as E from 'fp-ts/lib/Either.js';
import type { Logger } from '../ports/logger.js';
import { DuplicateKey } from '../ports/repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { RecordedAttempt } from '../ports/webhook-repositories.js';
import { errorFields } from './dispatcher-options.js';

const RECORD_BATCH = 500;

/**
 * Writes the outcomes of webhook attempts back to the outbox in batches: outcomes gather for
 * `recordDelayMs`, then whatever piled up goes in one transaction, so sends never wait for
 * their record.
 */
export class AttemptRecorder {
  private readonly outcomes: RecordedAttempt[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly log: Logger,
    private readonly recordDelayMs: number,
    /** A stopped dispatcher gives up on a write that keeps failing; a running one keeps trying. */
    private readonly running: () => boolean,
  ) {}

  /** The write under way, if any. */
  get busy(): Promise<void> | null {
    return this.flushing;
  }

  record(outcome: RecordedAttempt): void {
    this.outcomes.push(outcome);
    this.flush();
  }

  /** Resolves once every outcome recorded so far is written (or given up on). */
  async drain(): Promise<void> {
    while (this.flushing || this.outcomes.length > 0) {
      this.flush();
      await this.flushing;
    }
  }

  private flush(): void {
    if (this.flushing) return;
    this.flushing = new Promise((resolve) => setTimeout(resolve, this.recordDelayMs))
      .then(() => this.writeOutcomes())
      .catch((error: unknown) => this.log.error({ err: errorFields(error) }, 'recording webhook attempts failed'))
      .finally(() => {
        this.flushing = null;
        if (this.outcomes.length > 0) this.flush();
      });
  }

  /** Whatever piled up while the last write ran goes in the next one: one transaction per batch. */
  private async writeOutcomes(): Promise<void> {
    let failures = 0;
    while (this.outcomes.length > 0) {
      const batch = this.outcomes.splice(0, RECORD_BATCH);
      try {
        await this.write(batch);
        failures = 0;
      } catch (error) {
        if (error instanceof DuplicateKey) {
          await this.writeOneByOne(batch);
          continue;
        }
        failures += 1;
        this.log.error({ err: errorFields(error), deliveries: batch.length }, 'recording webhook attempts failed');
        // Kept for another try; a stopped dispatcher gives up after a few (the lease then frees the rows).
        if (!this.running() && failures >= 3) return;
        this.outcomes.unshift(...batch);
        await new Promise((resolve) => setTimeout(resolve, 250 * failures));
      }
    }
  }

  private write(batch: readonly RecordedAttempt[]): Promise<unknown> {
    return this.uow.transaction(async (tx) => E.right(await tx.deliveries.recordAttempts(batch)));
  }

  /** A duplicate attempt row means another process took a delivery whose lease ran out: keep its record. */
  private async writeOneByOne(batch: readonly RecordedAttempt[]): Promise<void> {
    for (const outcome of batch) {
      try {
        await this.write([outcome]);
      } catch (error) {
        if (!(error instanceof DuplicateKey)) throw error;
        this.log.warn(
          { deliveryId: outcome.delivery.id, attempt: outcome.attempt.attempt },
          'attempt already recorded by another dispatcher (lease expired)',
        );
      }
    }
  }
}
