import * as t from 'io-ts';
import type { Usage } from '../../../application/use-cases/billing/get-usage.js';
import type { Wire } from './schema.js';

const usd = (amountCents: number): number => Math.round(amountCents) / 100;

export const UsageView = t.strict({
  balance: t.number,
  balanceCents: t.number,
  currency: t.literal('USD'),
  numbers: t.strict({ active: t.number, provisionedLifetime: t.number, limit: t.number }),
  chargesThisMonthCents: t.number,
  chargesThisMonth: t.number,
  recordingEnabled: t.boolean,
}, 'Usage');

/** Balance, numbers and this month's charges, in cents and in dollars. */
export const usageView = (usage: Usage): Wire<typeof UsageView> => ({
  balance: usd(usage.balanceCents),
  balanceCents: usage.balanceCents,
  currency: 'USD',
  numbers: usage.numbers,
  chargesThisMonthCents: usage.chargesThisMonthCents,
  chargesThisMonth: usd(usage.chargesThisMonthCents),
  recordingEnabled: usage.recordingEnabled,
});
