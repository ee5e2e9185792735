import * as t from 'io-ts';
import { describedAs } from './codecs/described.js';
import { hasMore, type Page, type PageRequest } from '../../application/ports/pagination.js';

/** A whole number from a query string, with a default when the parameter is absent. */
export const integerParam = (min: number, max: number, fallback: number): t.Type<number, string, unknown> =>
  describedAs(
    new t.Type<number, string, unknown>(
      `integer from ${min} to ${max}`,
      (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
      (u, c) => {
        if (u === undefined) return t.success(fallback);
        if (typeof u !== 'string' || !/^-?\d+$/.test(u.trim())) return t.failure(u, c, 'must be an integer');
        const value = Number(u.trim());
        return value >= min && value <= max ? t.success(value) : t.failure(u, c, `must be between ${min} and ${max}`);
      },
      String,
    ),
    { type: 'integer', minimum: min, maximum: max, default: fallback },
  );

/** Offset paging with the endpoint's own default and maximum page size. */
export const pageQuery = (limits: { readonly defaultLimit: number; readonly maxLimit: number }) =>
  t.type({
    limit: integerParam(1, limits.maxLimit, limits.defaultLimit),
    offset: integerParam(0, Number.MAX_SAFE_INTEGER, 0),
  });

export const AGENT_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });
export const NUMBER_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });

/** The spec's list envelope. */
export const pageEnvelope = <A, B>(page: Page<A>, request: PageRequest, view: (item: A) => B) => ({
  data: page.items.map(view),
  hasMore: hasMore(page, request),
  total: page.total,
});
