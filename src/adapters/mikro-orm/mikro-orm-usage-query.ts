import type { MikroOrmReads } from './mikro-orm-reads.js';
import type { UsageBreakdownRequest, UsageBucket, UsageLine, UsagePeriod, UsageQuery, UsageSeriesRequest } from '../../application/queries/usage-query.js';
import { readUsageBreakdown } from './mikro-orm-usage-breakdown.js';
import { cents } from '../../domain/money.js';
import { runSelect } from './native-select.js';

/**
 * One statement per bucket: the periods from `generate_series` over the zone's local calendar,
 * each joined with the texts, calls and charges whose local time truncates to it. The bucket
 * is a fixed word of this file, never input, so each text is prepared once.
 */
const seriesSql = (unit: UsageBucket, label: string): string => `
with input as (
  select ?::timestamptz as now, ?::text as zone, ?::int as count, ?::text as project_id
), periods as (
  select generate_series(
    date_trunc('${unit}', input.now at time zone input.zone) - (input.count - 1) * interval '1 ${unit}',
    date_trunc('${unit}', input.now at time zone input.zone),
    interval '1 ${unit}'
  ) as period
  from input
), since as (
  select min(periods.period) at time zone input.zone as instant from periods, input group by input.zone
), texts as (
  select date_trunc('${unit}', m.received_at at time zone input.zone) as period, count(*)::int as n
  from messages m, input, since
  where m.project_id = input.project_id and m.received_at >= since.instant
  group by 1
), call_counts as (
  select date_trunc('${unit}', c.started_at at time zone input.zone) as period, count(*)::int as n,
    coalesce(sum(ceil(coalesce(c.duration_seconds, 0) / 60.0)), 0)::int as minutes
  from calls c, input, since
  where c.project_id = input.project_id and c.started_at >= since.instant
  group by 1
), charges as (
  select date_trunc('${unit}', l.created_at at time zone input.zone) as period, (-sum(l.amount_cents))::bigint as amount
  from ledger_entries l, input, since
  where l.project_id = input.project_id and l.amount_cents < 0 and l.created_at >= since.instant
  group by 1
)
select to_char(p.period, '${label}') as period, coalesce(t.n, 0) as texts, coalesce(c.n, 0) as calls,
  coalesce(c.minutes, 0) as voice_minutes, coalesce(g.amount, 0) as charges_cents
from periods p
left join texts t on t.period = p.period
left join call_counts c on c.period = p.period
left join charges g on g.period = p.period
order by p.period`;

const SERIES: Record<UsageBucket, string> = { day: seriesSql('day', 'YYYY-MM-DD'), month: seriesSql('month', 'YYYY-MM') };

/** It names its columns and changes nothing: prepared, and a read. */
const READ = { prepare: true, effect: 'read' } as const;

interface SeriesRow {
  readonly period: string;
  readonly texts: number;
  readonly calls: number;
  readonly voice_minutes: number;
  /** A bigint, which pg hands back as a string. */
  readonly charges_cents: string | number;
}

/** The usage series in SQL, through the same native read path as the repositories' reads. */
export class MikroOrmUsageQuery implements UsageQuery {
  constructor(private readonly reads: MikroOrmReads) {}

  async series(request: UsageSeriesRequest): Promise<readonly UsagePeriod[]> {
    const rows = await this.reads.readNatively((em) =>
      runSelect<SeriesRow>(em, SERIES[request.bucket], [request.now, request.zone, request.count, request.projectId], READ),
    );
    return rows.map((row) => ({
      period: row.period,
      texts: Number(row.texts),
      calls: Number(row.calls),
      voiceMinutes: Number(row.voice_minutes),
      chargesCents: cents(Number(row.charges_cents)),
    }));
  }

  breakdown(request: UsageBreakdownRequest): Promise<readonly UsageLine[]> {
    return this.reads.readNatively((em) => readUsageBreakdown(em, request));
  }
}
