import type { UsageBreakdownRequest, UsageLine, UsagePeriod, UsageQuery, UsageSeriesRequest } from '../../application/queries/usage-query.js';
import { usageBreakdown } from './in-memory-usage-breakdown.js';
import { cents } from '../../domain/money.js';
import type { InMemoryTables } from './in-memory-tables.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

type LocalDate = { readonly year: number; readonly month: number; readonly day: number };

/** The local calendar date of an instant in `zone`, as year, month (1-12) and day; one formatter per series. */
const localDates = (zone: string): ((instant: Date) => LocalDate) => {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' });
  return (instant) => {
    const parts = format.formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return { year: part('year'), month: part('month'), day: part('day') };
  };
};

/** A period's label: the local day (`YYYY-MM-DD`) or month (`YYYY-MM`). */
const labelOf = (date: LocalDate, bucket: UsageSeriesRequest['bucket']): string =>
  bucket === 'day' ? `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}` : `${pad(date.year, 4)}-${pad(date.month)}`;

/** The labels of the `count` periods ending with the one holding today, oldest first (calendar arithmetic on UTC dates). */
const labelsOf = (today: LocalDate, request: UsageSeriesRequest): string[] =>
  Array.from({ length: request.count }, (_, i) => {
    const back = request.count - 1 - i;
    const date = request.bucket === 'day'
      ? new Date(Date.UTC(today.year, today.month - 1, today.day - back))
      : new Date(Date.UTC(today.year, today.month - 1 - back, 1));
    return labelOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }, request.bucket);
  });

/** The usage series over the in-memory tables: a scan of the project's rows, bucketed by label. */
export class InMemoryUsageQuery implements UsageQuery {
  constructor(private readonly tables: InMemoryTables) {}

  async series(request: UsageSeriesRequest): Promise<readonly UsagePeriod[]> {
    const localDate = localDates(request.zone);
    const periods = new Map(labelsOf(localDate(request.now), request).map((period) => [period, { period, texts: 0, calls: 0, voiceMinutes: 0, chargesCents: 0 }]));
    const bucketOf = (instant: Date) => periods.get(labelOf(localDate(instant), request.bucket));
    for (const message of this.tables.messages.values()) {
      if (message.projectId !== request.projectId) continue;
      const bucket = bucketOf(message.receivedAt);
      if (bucket) bucket.texts += 1;
    }
    for (const call of this.tables.calls.values()) {
      if (call.projectId !== request.projectId) continue;
      const bucket = bucketOf(call.startedAt);
      if (!bucket) continue;
      bucket.calls += 1;
      bucket.voiceMinutes += Math.ceil((call.durationSeconds ?? 0) / 60);
    }
    for (const entry of this.tables.ledger.values()) {
      if (entry.projectId !== request.projectId || entry.amountCents >= 0) continue;
      const bucket = bucketOf(entry.createdAt);
      if (bucket) bucket.chargesCents -= entry.amountCents;
    }
    return [...periods.values()].map((p) => ({ ...p, chargesCents: cents(p.chargesCents) }));
  }

  async breakdown(request: UsageBreakdownRequest): Promise<readonly UsageLine[]> {
    return usageBreakdown(this.tables, request);
  }
}
