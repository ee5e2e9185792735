import type { UsageGrouping } from '../../../application/queries/usage-query.js';
import { readStatement, type ReadStatement } from '../read-session.js';

/** A usage breakdown's window: from (included) to (excluded). */
export type UsageBreakdownParams = { readonly projectId: string; readonly from: Date; readonly to: Date };

export interface UsageBreakdownRow {
  readonly id: string;
  readonly label: string;
  readonly agentId: string | null;
  readonly calls: number;
  readonly voiceMinutes: number;
  readonly textsIn: number;
  readonly textsOut: number;
  readonly chargesCents: number;
}

/**
 * Per line (a number or an agent), the calls, texts and charges of the window, each counted
 * in one pass over the project's rows and joined to the lines by key. An agent's texts are its
 * conversations'; its charges, those of the numbers attached to it now. Ids sort byte-wise, as
 * the in-memory store sorts them.
 */
const breakdownSql = (by: UsageGrouping): string => {
  const number = by === 'number';
  return `
with input as (
  select :projectId::text as project_id, :from::timestamptz as from_at, :to::timestamptz as to_at
), lines as (
  ${number
    ? 'select n.id, n.phone_number as label, n.agent_id from phone_numbers n, input where n.project_id = input.project_id'
    : 'select a.id, a.name as label, a.id as agent_id from agents a, input where a.project_id = input.project_id'}
), call_counts as (
  select c.${number ? 'phone_number_id' : 'agent_id'} as id, count(*)::int as n,
    coalesce(sum(ceil(coalesce(c.duration_seconds, 0) / 60.0)), 0)::int as minutes
  from calls c, input
  where c.project_id = input.project_id and c.started_at >= input.from_at and c.started_at < input.to_at
  group by 1
), texts as (
  select ${number ? 'm.phone_number_id' : 'v.agent_id'} as id,
    (count(*) filter (where m.direction = 'inbound'))::int as n_in,
    (count(*) filter (where m.direction <> 'inbound'))::int as n_out
  from messages m ${number ? '' : 'join conversations v on v.id = m.conversation_id'}, input
  where m.project_id = input.project_id and m.received_at >= input.from_at and m.received_at < input.to_at
  group by 1
), charges as (
  select ${number ? 'l.resource_id' : 'n.agent_id'} as id, (-sum(l.amount_cents))::bigint as amount
  from ledger_entries l ${number ? '' : 'join phone_numbers n on n.id = l.resource_id'}, input
  where l.project_id = input.project_id and l.amount_cents < 0 and l.resource_id is not null
    and l.created_at >= input.from_at and l.created_at < input.to_at
  group by 1
)
select lines.id, lines.label, lines.agent_id, coalesce(c.n, 0) as calls, coalesce(c.minutes, 0) as voice_minutes,
  coalesce(t.n_in, 0) as texts_in, coalesce(t.n_out, 0) as texts_out, coalesce(g.amount, 0) as charges_cents
from lines
left join call_counts c on c.id = lines.id
left join texts t on t.id = lines.id
left join charges g on g.id = lines.id
order by lines.id collate "C"`;
};

const breakdown = (by: UsageGrouping): ReadStatement<UsageBreakdownParams, UsageBreakdownRow> =>
  readStatement(`usage_breakdown_${by}`, breakdownSql(by), 'read', (r) => ({
    id: r.text('id'),
    label: r.text('label'),
    agentId: r.textOrNull('agent_id'),
    calls: r.integer('calls'),
    voiceMinutes: r.integer('voice_minutes'),
    textsIn: r.integer('texts_in'),
    textsOut: r.integer('texts_out'),
    // A bigint, which arrives as text.
    chargesCents: r.integer('charges_cents'),
  }));

export const usageBreakdown: Readonly<Record<UsageGrouping, ReadStatement<UsageBreakdownParams, UsageBreakdownRow>>> = {
  number: breakdown('number'),
  agent: breakdown('agent'),
};
