import { readStatement, type Params } from '../read-session.js';
import type { SqlRow } from '../sql-row.js';
import { selectList } from './rows.js';

/** Where a page starts and how many rows it holds. */
export type PageParams = { readonly limit: number; readonly offset: number };

/** A row of a page, with the count of every row the filter keeps beside it. */
export interface PagedRow<R> {
  readonly row: R;
  readonly total: number;
}

/** What a paged list reads: the table's columns, the filter (with named parameters) and the order. */
export interface PagedList {
  readonly table: string;
  readonly columns: readonly string[];
  readonly where: string;
  readonly orderBy: string;
}

/**
 * The two statements of a plain list: the page, its total an uncorrelated subquery run once beside
 * it, and the total alone, for a page past the last row, which has no row to carry it. `effect`
 * `reusable` for a list polled again and again (see ReadStatement.effect).
 */
export const pagedStatements = <F extends Params, R>(name: string, list: PagedList, decode: (r: SqlRow) => R, effect: 'read' | 'reusable' = 'read') => ({
  page: readStatement<F & PageParams, PagedRow<R>>(
    `${name}_page`,
    `select ${selectList(list.columns)}, (select count(*) from ${list.table} where ${list.where}) as "__total"
       from ${list.table} where ${list.where}
       order by ${list.orderBy} limit :limit offset :offset`,
    effect,
    (r) => ({ row: decode(r), total: r.integer('__total') }),
  ),
  count: readStatement<F, number>(`${name}_count`, `select count(*) as "total" from ${list.table} where ${list.where}`, effect, (r) => r.integer('total')),
});
