import type { Page } from '../../application/ports/pagination.js';

/**
 * A page from its rows, each carrying the total beside it. A page past the last row has no row
 * to carry it: then, and only then, `count` takes it in a statement of its own (a first page
 * without rows needs none: there is nothing to count).
 */
export const pageFromRows = async <R extends { readonly total: number }, T>(
  rows: readonly R[],
  offset: number,
  item: (row: R) => T,
  count: () => Promise<readonly number[]>,
): Promise<Page<T>> => {
  const [first] = rows;
  if (first === undefined) {
    if (offset === 0) return { items: [], total: 0 };
    const [total] = await count();
    return { items: [], total: total ?? 0 };
  }
  return { items: rows.map(item), total: first.total };
};
