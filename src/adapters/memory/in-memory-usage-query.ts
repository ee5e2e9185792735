import type { UsagePeriod, UsageQuery, UsageSeriesRequest } from '../../application/queries/usage-query.js';
import { cents } from '../../domain/money.js';
import type { InMemoryTables } from './in-memory-tables.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar date of `instant` in `zone`, as year, month (1-12) and day. */
const localDate = (instant: Date, zone: string): { year: number; month: number; day: number } => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
};

/** The period label of `instant`: its local day or month. */
const labelOf = (instant: Date, request: UsageSeriesRequest): string => {
  const { year, month, day } = localDate(instant, request.zone);
  return request.bucket === 'day' ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : `${pad(year, 4)}-${pad(month)}`;
};

/** The labels of the `count` periods ending with the one holding `now`, oldest first (calendar arithmetic on UTC dates). */
const labelsOf = (request: UsageSeriesRequest): string[] => {
  const today = localDate(request.now, request.zone);
  return Array.from({ length: request.count }, (_, i) => {
    const back = request.count - 1 - i;
    const date = request.bucket === 'day'
      ? new Date(Date.UTC(today.year, today.month - 1, today.day - back))
      : new Date(Date.UTC(today.year, today.month - 1 - back, 1));
    const label = date.toISOString().slice(0, 10);
    return request.bucket === 'day' ? label : label.slice(0, 7);
  });
};

/** The usage series over the in-memory tables: a scan of the project's rows, bucketed by label. */
export class InMemoryUsageQuery implements UsageQuery {
  constructor(private readonly tables: InMemoryTables) {}

  async series(request: UsageSeriesRequest): Promise<readonly UsagePeriod[]> {
    const periods = new Map(labelsOf(request).map((period) => [period, { period, texts: 0, calls: 0, voiceMinutes: 0, chargesCents: 0 }]));
    const bucketOf = (instant: Date) => periods.get(labelOf(instant, request));
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
}
