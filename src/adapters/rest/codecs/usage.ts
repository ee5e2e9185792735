import * as t from 'io-ts';
import { DAILY_USAGE_DAYS } from '../../../application/use-cases/billing/get-daily-usage.js';
import { MONTHLY_USAGE_MONTHS } from '../../../application/use-cases/billing/get-monthly-usage.js';
import { USAGE_PERIODS } from '../../../application/use-cases/billing/get-usage-breakdown.js';
import type { LocalDate } from '../../../domain/calling-window.js';
import { integerParam } from '../pagination.js';
import { oneOf } from './common.js';
import { describedAs } from './described.js';
import { MAX_LENGTH } from './text.js';

/** The IANA time zone whose calendar cuts the series (`UTC` when absent); the use case checks it names one. */
export const timeZoneParam = describedAs(
  new t.Type<string, string, unknown>(
    'IANA time zone',
    (u): u is string => typeof u === 'string',
    (u, c) => {
      if (u === undefined) return t.success('UTC');
      return typeof u === 'string' && u.length > 0 && u.length <= MAX_LENGTH.label ? t.success(u) : t.failure(u, c, 'must name an IANA time zone');
    },
    String,
  ),
  { type: 'string', maxLength: MAX_LENGTH.label, default: 'UTC' },
);

export const daysParam = integerParam(DAILY_USAGE_DAYS.min, DAILY_USAGE_DAYS.max, DAILY_USAGE_DAYS.default);
export const monthsParam = integerParam(MONTHLY_USAGE_MONTHS.min, MONTHLY_USAGE_MONTHS.max, MONTHLY_USAGE_MONTHS.default);

export const DailyUsageQuery = t.type({ days: daysParam, tz: timeZoneParam });
export const MonthlyUsageQuery = t.type({ months: monthsParam, tz: timeZoneParam });

/** A local calendar day `YYYY-MM-DD` (a real one: no 2026-02-30). */
export const localDateParam = describedAs(
  new t.Type<LocalDate, string, unknown>(
    'calendar day "YYYY-MM-DD"',
    (u): u is LocalDate => typeof u === 'object' && u !== null && 'day' in u,
    (u, c) => {
      const match = typeof u === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(u) : null;
      if (!match) return t.failure(u, c, 'must be a calendar day YYYY-MM-DD');
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(Date.UTC(year, month - 1, day));
      const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
      return real ? t.success({ year, month, day }) : t.failure(u, c, 'is not a real calendar day');
    },
    (d) => `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`,
  ),
  { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-12-01'] },
);

/** `GET /v1/usage/by-number` and `/by-agent`: a period of the zone's calendar, or the days `from` to `to` (both included). */
export const UsageBreakdownQuery = t.intersection([
  t.type({ tz: timeZoneParam }),
  t.partial({ period: oneOf(USAGE_PERIODS), from: localDateParam, to: localDateParam }),
]);
