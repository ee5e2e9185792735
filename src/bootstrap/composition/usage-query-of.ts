import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { UsageQuery } from '../../application/queries/usage-query.js';

/** A store that answers the usage series over its own data (both of Switchboard's do). */
interface AnswersUsage {
  usageQuery(): UsageQuery;
}

const answersUsage = (uow: UnitOfWork): uow is UnitOfWork & AnswersUsage =>
  typeof (uow as Partial<AnswersUsage>).usageQuery === 'function';

/**
 * The usage series of the store behind `uow`. An embedder's own unit of work reads none: its
 * series fail when asked for, until it binds `TOKENS.usageQuery` too.
 */
export const usageQueryOf = (uow: UnitOfWork): UsageQuery =>
  answersUsage(uow)
    ? uow.usageQuery()
    : { series: () => Promise.reject(new Error('this unit of work reads no usage series: bind TOKENS.usageQuery to one over its store')) };
