import * as t from 'io-ts';
import { DAILY_USAGE_DAYS } from '../../../application/use-cases/billing/get-daily-usage.js';
import { MONTHLY_USAGE_MONTHS } from '../../../application/use-cases/billing/get-monthly-usage.js';
import { integerParam } from '../pagination.js';
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
