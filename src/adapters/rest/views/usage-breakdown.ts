import * as t from 'io-ts';
import type { UsageLine } from '../../../application/queries/usage-query.js';
import type { UsageBreakdown } from '../../../application/use-cases/billing/get-usage-breakdown.js';
import type { LocalDate } from '../../../domain/calling-window.js';
import type { Wire } from './schema.js';

const usd = (amountCents: number): number => Math.round(amountCents) / 100;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayText = (d: LocalDate): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** AgentPhone's names where it has them (`calls`, `voiceMinutes`, `messages`); the split of texts is ours. */
const counts = {
  calls: t.number,
  voiceMinutes: t.number,
  messages: t.number,
  messagesInbound: t.number,
  messagesOutbound: t.number,
  chargesCents: t.number,
  charges: t.number,
};

const windowFields = { period: t.union([t.literal('day'), t.literal('week'), t.literal('month'), t.null]), from: t.string, to: t.string, timeZone: t.string };

export const UsageByNumberView = t.strict(
  { data: t.array(t.strict({ numberId: t.string, phoneNumber: t.string, agentId: t.union([t.string, t.null]), ...counts }, 'NumberUsage')), ...windowFields },
  'UsageByNumber',
);
export const UsageByAgentView = t.strict({ data: t.array(t.strict({ agentId: t.string, name: t.string, ...counts }, 'AgentUsage')), ...windowFields }, 'UsageByAgent');

const countsView = (line: UsageLine) => ({
  calls: line.calls,
  voiceMinutes: line.voiceMinutes,
  messages: line.textsIn + line.textsOut,
  messagesInbound: line.textsIn,
  messagesOutbound: line.textsOut,
  chargesCents: line.chargesCents,
  charges: usd(line.chargesCents),
});

const windowView = (breakdown: UsageBreakdown) => ({ period: breakdown.period, from: dayText(breakdown.from), to: dayText(breakdown.to), timeZone: breakdown.zone });

export const usageByNumberView = (breakdown: UsageBreakdown): Wire<typeof UsageByNumberView> => ({
  data: breakdown.lines.map((line) => ({ numberId: line.id, phoneNumber: line.label, agentId: line.agentId, ...countsView(line) })),
  ...windowView(breakdown),
});

export const usageByAgentView = (breakdown: UsageBreakdown): Wire<typeof UsageByAgentView> => ({
  data: breakdown.lines.map((line) => ({ agentId: line.id, name: line.label, ...countsView(line) })),
  ...windowView(breakdown),
});
