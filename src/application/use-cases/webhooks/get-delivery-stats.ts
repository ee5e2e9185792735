import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { DeliveryStatus } from '../../../domain/webhook-delivery.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { DeliveryCount, DeliveryTotals } from '../../ports/webhook-repositories.js';

const HOUR_MS = 3_600_000;

export type StatusCounts = Record<DeliveryStatus, number>;

export interface DeliveryStats extends DeliveryTotals {
  /** Of the finished deliveries (pending ones are not counted), 0 when none finished. */
  readonly successRate: number;
  readonly byEventType: Readonly<Record<string, StatusCounts>>;
  /** Every hour of the window, oldest first, empty ones included. */
  readonly byHour: readonly ({ readonly hour: Date; readonly total: number } & StatusCounts)[];
}

export const successRate = (totals: { success: number; failed: number }): number =>
  totals.success + totals.failed === 0 ? 0 : totals.success / (totals.success + totals.failed);

const none = (): StatusCounts => ({ success: 0, failed: 0, pending: 0 });

export const summarise = (counts: readonly DeliveryCount[], since: Date, now: Date): DeliveryStats => {
  const totals = none();
  const byEventType: Record<string, StatusCounts> = {};
  const byHour = new Map<number, StatusCounts>();
  for (let hour = Math.floor(since.getTime() / HOUR_MS) * HOUR_MS; hour <= now.getTime(); hour += HOUR_MS) {
    byHour.set(hour, none());
  }
  for (const { hour, eventType, status, count } of counts) {
    totals[status] += count;
    (byEventType[eventType] ??= none())[status] += count;
    const bucket = byHour.get(hour.getTime()) ?? none();
    bucket[status] += count;
    byHour.set(hour.getTime(), bucket);
  }
  return {
    total: totals.success + totals.failed + totals.pending,
    ...totals,
    successRate: successRate(totals),
    byEventType,
    byHour: [...byHour.entries()]
      .sort(([a], [b]) => a - b)
      .map(([hour, c]) => ({ hour: new Date(hour), total: c.success + c.failed + c.pending, ...c })),
  };
};

/** Counts of the deliveries created in the last `hours` hours. */
export class GetDeliveryStats {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly projectId: string; readonly hours: number }): TE.TaskEither<never, DeliveryStats> {
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - input.hours * HOUR_MS);
    return () =>
      this.deps.uow.transaction(async (tx) =>
        E.right(summarise(await tx.deliveries.stats(input.projectId, since), since, now)),
      );
  }
}
