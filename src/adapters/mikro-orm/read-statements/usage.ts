import type { UsageBucket } from '../../../application/queries/usage-query.js';
import { readStatement, type ReadStatement } from '../read-session.js';

/** A usage series: `count` periods of `zone`'s local calendar up to `now`. */
export type UsageSeriesParams = { readonly now: Date; readonly zone: string; readonly count: number; readonly projectId: string };

export interface UsageSeriesRow {
  readonly period: string;
  readonly texts: number;
  readonly calls: number;
  readonly voiceMinutes: number;
  readonly chargesCents: number;
}

/**
 * One statement per bucket: the periods from `generate_series` over the zone's local calendar,
 * each joined with the texts, calls and charges whose local time truncates to it. The bucket
 * is a fixed word of this file, never input.
 */
const seriesSql = (unit: UsageBucket, label: string): string => `
with input as (
  select :now::timestamptz as now, :zone::text as zone, :count::int as count, :projectId::text as project_id
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


const series = (unit: UsageBucket, label: string): ReadStatement<UsageSeriesParams, UsageSeriesRow> =>
  readStatement(`usage_series_${unit}`, seriesSql(unit, label), 'read', (r) => ({
    period: r.text('period'),
    texts: r.integer('texts'),
    calls: r.integer('calls'),
    voiceMinutes: r.integer('voice_minutes'),
    // A bigint, which arrives as text.
    chargesCents: r.integer('charges_cents'),
  }));

export const usageSeries: Readonly<Record<UsageBucket, ReadStatement<UsageSeriesParams, UsageSeriesRow>>> = {
  day: series('day', 'YYYY-MM-DD'),
  month: series('month', 'YYYY-MM'),
};
