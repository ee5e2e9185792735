import * as t from 'io-ts';
import type { UsagePeriod } from '../../../application/queries/usage-query.js';
import type { Wire } from './schema.js';

const usd = (amountCents: number): number => Math.round(amountCents) / 100;

const counts = {
  messages: t.number,
  calls: t.number,
  voiceMinutes: t.number,
  chargesCents: t.number,
  charges: t.number,
};

export const DailyUsageView = t.strict({ data: t.array(t.strict({ date: t.string, ...counts }, 'UsageDay')), timeZone: t.string }, 'DailyUsage');
export const MonthlyUsageView = t.strict({ data: t.array(t.strict({ month: t.string, ...counts }, 'UsageMonth')), timeZone: t.string }, 'MonthlyUsage');

/** A period's counts under AgentPhone's names (`messages` for texts in and out). */
const countsView = (period: UsagePeriod) => ({
  messages: period.texts,
  calls: period.calls,
  voiceMinutes: period.voiceMinutes,
  chargesCents: period.chargesCents,
  charges: usd(period.chargesCents),
});

export const dailyUsageView = (periods: readonly UsagePeriod[], timeZone: string): Wire<typeof DailyUsageView> => ({
  data: periods.map((period) => ({ date: period.period, ...countsView(period) })),
  timeZone,
});

export const monthlyUsageView = (periods: readonly UsagePeriod[], timeZone: string): Wire<typeof MonthlyUsageView> => ({
  data: periods.map((period) => ({ month: period.period, ...countsView(period) })),
  timeZone,
});
