/**
 * Monthly billing periods. A period starts where the previous one ended, so renewals never
 * drift however late the billing clock runs. Dates are UTC; a month later than the 31st is the
 * last day of a shorter month (Jan 31 → Feb 28), as PostgreSQL's `+ interval '1 month'` does.
 */
export const addMonths = (date: Date, months: number): Date => {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
};

export interface BillingPeriod {
  readonly start: Date;
  readonly end: Date;
}

/** At most this many missed months are charged; older ones are forgiven. */
export const MAX_CATCH_UP_MONTHS = 12;

/**
 * The months to charge for something paid through `paidThrough`, as of `now`: none while it is
 * paid, else each month from `paidThrough` on until one reaches past `now` — only the last
 * {@link MAX_CATCH_UP_MONTHS} of them when more were missed (a node left off for years).
 */
export const periodsDue = (paidThrough: Date, now: Date): readonly BillingPeriod[] => {
  const periods: BillingPeriod[] = [];
  let start = paidThrough;
  while (start.getTime() <= now.getTime()) {
    const end = addMonths(start, 1);
    periods.push({ start, end });
    start = end;
  }
  return periods.slice(-MAX_CATCH_UP_MONTHS);
};

/** The first instant of `date`'s calendar month, UTC: where "this month" of usage begins. */
export const startOfMonth = (date: Date): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
