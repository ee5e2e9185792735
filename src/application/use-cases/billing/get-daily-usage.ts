import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { NotFound, Validation } from '../../errors.js';
import type { UsagePeriod } from '../../queries/usage-query.js';
import { readUsageSeries, type SeriesRange, type UsageSeriesDeps } from './usage-series.js';

/** How many days a daily series may cover: AgentPhone's `days`. */
export const DAILY_USAGE_DAYS: SeriesRange = { min: 1, max: 365, default: 30 };

export type GetDailyUsageError = NotFound | Validation;

/** A project's texts, calls, voice minutes and charges per local day of `zone`, today's the last. */
export class GetDailyUsage {
  constructor(private readonly deps: UsageSeriesDeps) {}

  execute(input: { readonly projectId: string; readonly days: number; readonly zone: string }): TE.TaskEither<GetDailyUsageError, readonly UsagePeriod[]> {
    return () => readUsageSeries(this.deps, { projectId: input.projectId, bucket: 'day', count: input.days, zone: input.zone }, DAILY_USAGE_DAYS, 'days');
  }
}
