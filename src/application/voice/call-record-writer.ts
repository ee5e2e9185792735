import * as E from 'fp-ts/lib/Either.js';
import type { TranscriptTurn } from '../../domain/call.js';
import type { CallEvent, EventBus } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { RecordedAttempt } from '../ports/webhook-repositories.js';

type Item =
  | { readonly kind: 'turn'; readonly turn: TranscriptTurn; readonly publish: boolean }
  | { readonly kind: 'delivery'; readonly entry: RecordedAttempt }
  | { readonly kind: 'notice'; readonly event: CallEvent };

/**
 * The least time between two writes of what live calls produce, by default. At a few hundred
 * turns a second, a statement per turn (each sent as soon as the one before it was answered)
 * made most of a busy node's statements, and their round trips woke the database, which shares
 * the machine's cores with the calls' speech. A record handed over after a quiet spell is
 * written at once; one that comes within this of the last write waits for the window's end
 * with whatever else comes meanwhile, so a turn is stored and announced this much later at most.
 */
export const DEFAULT_RECORD_WINDOW_MS = 25;

export interface CallRecordWriterDeps {
  readonly uow: UnitOfWork;
  readonly eventBus: EventBus;
  readonly logger: Logger;
  /** The least time between two writes' starts, in ms (0: a write whenever the last is done). */
  readonly windowMs?: number;
}

/**
 * Writes what live calls produce (transcript turns, voice-turn delivery rows) behind the
 * voice loop: what piles up goes in one statement (or one transaction with deliveries), at
 * most one write per window ({@link DEFAULT_RECORD_WINDOW_MS}), then the new turns are
 * published on the event bus in order. A turn is thus stored before anyone hears of it, so a
 * transcript stream that replays storage and then listens misses nothing. {@link settled}
 * writes what is waiting at once, without waiting for the window.
 */
export class CallRecordWriter {
  private pending: Item[] = [];
  private flushing: Promise<void> | null = null;
  /** Cancels the next write's timer, while one is set. */
  private cancelNextWrite: (() => void) | null = null;
  /** When the last write started (`performance.now()`). */
  private lastWriteAt = -Infinity;
  /** How many records were handed over, and how many of the first of them are written and published. */
  private handedOver = 0;
  private done = 0;
  /** Who waits (see {@link written}) for the first `count` records. */
  private readonly waiting: { readonly count: number; readonly resolve: () => void }[] = [];
  private readonly windowMs: number;
  private readonly log: Logger;

  constructor(private readonly deps: CallRecordWriterDeps) {
    this.windowMs = deps.windowMs ?? DEFAULT_RECORD_WINDOW_MS;
    this.log = deps.logger.child({ component: 'call-record-writer' });
  }

  /** `publish: false` stores a changed turn (a late barge-in truncation) without announcing it again. */
  writeTurn(turn: TranscriptTurn, publish = true): void {
    this.hand({ kind: 'turn', turn, publish });
  }

  writeDelivery(entry: RecordedAttempt): void {
    this.hand({ kind: 'delivery', entry });
  }

  /** Publishes a live-only event (nothing is stored) in its place among the turns handed over. */
  announce(event: CallEvent): void {
    this.hand({ kind: 'notice', event });
  }

  private hand(item: Item): void {
    this.pending.push(item);
    this.handedOver++;
    this.schedule();
  }

  /** Resolves once everything handed over so far is written and published, writing it now. */
  async settled(): Promise<void> {
    while (this.flushing || this.pending.length > 0) {
      this.flush();
      await this.flushing;
    }
  }

  /**
   * Resolves once everything handed over so far is written and published, in the window's time:
   * no write sooner than it would have been. A call's end waits so (up to a window): at a
   * hundred ends a second, each writing at once was a statement an end beside the window's.
   */
  written(): Promise<void> {
    if (this.done >= this.handedOver) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ count: this.handedOver, resolve }));
  }

  /** Schedules the next write, unless one is scheduled or under way (it schedules the next when done). */
  private schedule(): void {
    if (this.cancelNextWrite || this.flushing) return;
    const wait = this.lastWriteAt + this.windowMs - performance.now();
    if (wait <= 0) {
      // What the same turn of the event loop hands over goes with it.
      const immediate = setImmediate(() => this.flush());
      this.cancelNextWrite = () => clearImmediate(immediate);
    } else {
      // Not unref'd: a process with nothing else to run still writes what is pending (and answers
      // whoever waits for it) before it exits, a window later at most.
      const timer = setTimeout(() => this.flush(), wait);
      this.cancelNextWrite = () => clearTimeout(timer);
    }
  }

  /** Writes what is pending now, before its timer (one batch at a time: a batch under way finishes first). */
  private flush(): void {
    this.cancelNextWrite?.();
    this.cancelNextWrite = null;
    if (this.flushing || this.pending.length === 0) return;
    this.lastWriteAt = performance.now();
    const through = this.handedOver;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      this.done = through;
      this.wake();
      if (this.pending.length > 0) this.schedule();
    });
  }

  /** Resolves the waits that the writes so far answer (they are answered in the order they came). */
  private wake(): void {
    let answered = 0;
    while (answered < this.waiting.length && this.waiting[answered]!.count <= this.done) answered++;
    for (const { resolve } of this.waiting.splice(0, answered)) resolve();
  }

  private async drain(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    // A turn stored and truncated within one batch is written once, as it ended up.
    const turns = [...new Map(batch.flatMap((item) => (item.kind === 'turn' ? [[item.turn.id, item.turn] as const] : []))).values()];
    const deliveries = batch.flatMap((item) => (item.kind === 'delivery' ? [item.entry] : []));
    try {
      // A batch of live-only notices stores nothing.
      if (deliveries.length === 0 && turns.length > 0) {
        // Turns alone are one statement (a hosted call's every batch): no transaction around it.
        await this.deps.uow.transaction(async (repos) => E.right(await repos.transcripts.save(turns)));
      } else if (deliveries.length > 0) {
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
    // Published together, in order: a bus across nodes sends what it is handed at once in one notice.
    const announced = batch.flatMap((item): CallEvent[] => {
      if (item.kind === 'notice') return [item.event];
      return item.kind === 'turn' && item.publish ? [{ type: 'turn', callId: item.turn.callId, turn: item.turn }] : [];
    });
    await Promise.all(
      announced.map((event) =>
        this.deps.eventBus
          .publish(event)
          .catch((error: unknown) => this.log.error({ callId: event.callId, err: String(error) }, `publishing a ${event.type} event failed`)),
      ),
    );
  }
}
