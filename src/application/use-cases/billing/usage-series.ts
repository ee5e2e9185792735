import * as E from 'fp-ts/lib/Either.js';
import { notFound, validation, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { TimeZoneCalendar } from '../../ports/time-zones.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { UsageBucket, UsagePeriod, UsageQuery } from '../../queries/usage-query.js';

export interface UsageSeriesDeps {
  readonly uow: UnitOfWork;
  readonly usage: UsageQuery;
  readonly clock: Clock;
  readonly calendar: TimeZoneCalendar;
}

/** How many periods a series may hold, and how many it holds when not told (AgentPhone's ranges). */
export interface SeriesRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

export type UsageSeriesError = NotFound | Validation;

/**
 * The series of a known project over `count` periods of `zone`'s calendar, once the count
 * (named `countField` as the caller sent it) and the zone (`tz`) are checked.
 */
export const readUsageSeries = async (
  deps: UsageSeriesDeps,
  request: { readonly projectId: string; readonly bucket: UsageBucket; readonly count: number; readonly zone: string },
  range: SeriesRange,
  countField: string,
): Promise<E.Either<UsageSeriesError, readonly UsagePeriod[]>> => {
  const { count, zone } = request;
  if (!Number.isInteger(count) || count < range.min || count > range.max) {
    return E.left(validation(countField, `must be an integer between ${range.min} and ${range.max}`));
  }
  if (!deps.calendar.isKnownZone(zone)) return E.left(validation('tz', 'must name an IANA time zone, e.g. America/New_York'));
  const project = await deps.uow.transaction(async (repos) => E.right(await repos.projects.findById(request.projectId)));
  if (E.isLeft(project) || project.right === null) return E.left(notFound('project', request.projectId));
  return E.right(await deps.usage.series({ ...request, now: deps.clock.now() }));
};
