import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { NotFound, Validation } from '../../errors.js';
import type { UsagePeriod } from '../../queries/usage-query.js';
import { readUsageSeries, type SeriesRange, type UsageSeriesDeps } from './usage-series.js';

/** How many months a monthly series may cover: AgentPhone's `months`. */
export const MONTHLY_USAGE_MONTHS: SeriesRange = { min: 1, max: 24, default: 12 };

export type GetMonthlyUsageError = NotFound | Validation;

/** A project's texts, calls, voice minutes and charges per local calendar month of `zone`, this month's the last. */
export class GetMonthlyUsage {
  constructor(private readonly deps: UsageSeriesDeps) {}

  execute(input: { readonly projectId: string; readonly months: number; readonly zone: string }): TE.TaskEither<GetMonthlyUsageError, readonly UsagePeriod[]> {
    return () => readUsageSeries(this.deps, { projectId: input.projectId, bucket: 'month', count: input.months, zone: input.zone }, MONTHLY_USAGE_MONTHS, 'months');
  }
}
