import * as E from 'fp-ts/lib/Either.js';
import type { TranscriptTurn } from '../../domain/call.js';
import type { EventBus } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';
import { inOneStatement, type UnitOfWork } from '../ports/unit-of-work.js';
import type { RecordedAttempt } from '../ports/webhook-repositories.js';

type Item =
  | { readonly kind: 'turn'; readonly turn: TranscriptTurn; readonly publish: boolean }
  | { readonly kind: 'delivery'; readonly entry: RecordedAttempt };

/**
 * Writes what live calls produce (transcript turns, voice-turn delivery rows) behind the
 * voice loop: whatever piled up meanwhile goes in one transaction, then the new turns are
 * published on the event bus in order. A turn is thus stored before anyone hears of it, so a
 * transcript stream that replays storage and then listens misses nothing.
 */
export class CallRecordWriter {
  private pending: Item[] = [];
  private flushing: Promise<void> | null = null;
  private readonly log: Logger;

  constructor(
    private readonly deps: { readonly uow: UnitOfWork; readonly eventBus: EventBus; readonly logger: Logger },
  ) {
    this.log = deps.logger.child({ component: 'call-record-writer' });
  }

  /** `publish: false` stores a changed turn (a late barge-in truncation) without announcing it again. */
  writeTurn(turn: TranscriptTurn, publish = true): void {
    this.pending.push({ kind: 'turn', turn, publish });
    this.schedule();
  }

  writeDelivery(entry: RecordedAttempt): void {
    this.pending.push({ kind: 'delivery', entry });
    this.schedule();
  }

  /** Resolves once everything handed over so far is written and published. */
  async settled(): Promise<void> {
    while (this.flushing || this.pending.length > 0) {
      this.schedule();
      await this.flushing;
    }
  }

  private schedule(): void {
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => {
        this.flushing = null;
        if (this.pending.length > 0) this.schedule();
      });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      // A turn stored and truncated within one batch is written once, as it ended up.
      const turns = [...new Map(batch.flatMap((item) => (item.kind === 'turn' ? [[item.turn.id, item.turn] as const] : []))).values()];
      const deliveries = batch.flatMap((item) => (item.kind === 'delivery' ? [item.entry] : []));
      try {
        if (deliveries.length === 0) {
          // Turns alone are one statement (a hosted call's every batch): no transaction around it.
          await inOneStatement(this.deps.uow, async (repos) => E.right(await repos.transcripts.save(turns)));
        } else {
          await this.deps.uow.transaction(async (tx) => {
            if (turns.length > 0) await tx.transcripts.save(turns);
            await tx.deliveries.enqueue(deliveries.map(({ delivery }) => delivery));
            await tx.deliveries.recordAttempts(deliveries);
            return E.right(undefined);
          });
        }
      } catch (error) {
        this.log.error({ err: String(error), turns: turns.length, deliveries: deliveries.length }, 'storing call records failed');
      }
      for (const item of batch) {
        if (item.kind !== 'turn' || !item.publish) continue;
        await this.deps.eventBus
          .publish({ type: 'turn', callId: item.turn.callId, turn: item.turn })
          .catch((error: unknown) => this.log.error({ callId: item.turn.callId, err: String(error) }, 'publishing a turn failed'));
      }
    }
  }
}
