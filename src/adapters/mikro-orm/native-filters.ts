import type { EntitySchema, FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { runSelect, runWrite } from './native-select.js';
import { fromColumns, shapeOf, type NativeShape } from './native-shape.js';

/** Runs a native `select` of whole rows of one entity (`select *`, or every column by name). */
export const selectRows = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  sql: string,
  params: readonly unknown[],
): Promise<T[]> => {
  const records = await runSelect(em, sql, params, { prepare: false, effect: 'read' });
  return records.map((record) => fromColumns(em, schema, record));
};

/*
 * Reads without entities. MikroORM's find hydrates entities, propagates them and builds its query
 * on every call, which outweighs a short read itself. Reads here compile the repositories' simple filters
 * (equality, null, $in, $gt/$gte/$lt/$lte, $ilike, $or) to native SQL once per call and map
 * each record through fromColumns (the schema's metadata) and then the repository's own
 * row-to-domain function: a column added to a schema is read here with no change. A filter this
 * compiler does not know goes through the ORM's find instead, never wrongly.
 */

const COMPARISONS: Readonly<Record<string, string>> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=', $ilike: 'ilike' };

/** `where` as SQL with `?` placeholders (their values pushed onto `params`), or null when not compilable. */
const compileWhere = (shape: NativeShape, where: Record<string, unknown>, params: unknown[]): string | null => {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === '$or') {
      if (!Array.isArray(value) || value.length === 0) return null;
      const alternatives: string[] = [];
      for (const alternative of value) {
        const sql = compileWhere(shape, alternative as Record<string, unknown>, params);
        if (sql === null) return null;
        alternatives.push(sql);
      }
      parts.push(`(${alternatives.join(' or ')})`);
      continue;
    }
    const column = shape.columnOf.get(key);
    if (column === undefined) return null;
    if (value === null) {
      parts.push(`"${column}" is null`);
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
        if (operator === '$in' && Array.isArray(operand)) {
          // One jsonb parameter, whatever the list's length (knex would spread an array).
          parts.push(`"${column}" = any(array(select jsonb_array_elements_text(?::jsonb)))`);
          params.push(JSON.stringify(operand));
        } else if (COMPARISONS[operator] !== undefined && operand !== null && operand !== undefined) {
          parts.push(`"${column}" ${COMPARISONS[operator]} ?`);
          params.push(operand);
        } else {
          return null;
        }
      }
    } else {
      parts.push(`"${column}" = ?`);
      params.push(value);
    }
  }
  return parts.length === 0 ? 'true' : parts.join(' and ');
};

const compileOrder = (shape: NativeShape, orderBy: Record<string, unknown>): string | null => {
  const parts: string[] = [];
  for (const [property, direction] of Object.entries(orderBy)) {
    const column = shape.columnOf.get(property);
    if (column === undefined || (direction !== 'asc' && direction !== 'desc')) return null;
    parts.push(`"${column}" ${direction}`);
  }
  return parts.length === 0 ? '' : ` order by ${parts.join(', ')}`;
};

/**
 * A value computed beside each row of a native read, in the same statement (a scalar subquery,
 * correlated to the row's table by its name, or not): what a read needs of another table
 * without a second round trip. Its `?` placeholders take `params`.
 */
export interface Alongside {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/**
 * The native select of `where` (ordered, every column by name), or null when the filter is not
 * compilable. With `counted`, each row carries the total of all matching rows as `__total`.
 *
 * The total is an uncorrelated subquery, which PostgreSQL runs once, through the index, before
 * the page: `count(*) over ()` would instead read and hold every matching row at full width
 * before the first left (a third of a 20-agent page's cost in PostgreSQL, and all of a large
 * table's rows for any page of it).
 */
const nativeSelect = <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T> | null,
  counted = false,
  alongside: Alongside | null = null,
): { readonly shape: NativeShape; readonly from: string; readonly sql: string; readonly params: unknown[]; readonly whereParams: unknown[] } | null => {
  const shape = shapeOf(em, schema);
  const whereParams: unknown[] = [];
  const condition = compileWhere(shape, where as Record<string, unknown>, whereParams);
  const order = orderBy === null ? '' : compileOrder(shape, orderBy as Record<string, unknown>);
  if (condition === null || order === null) return null;
  const from = ` from "${shape.table}" where ${condition}`;
  const total = counted ? `, (select count(*)${from}) as "__total"` : '';
  const beside = alongside === null ? '' : `, (${alongside.sql}) as "__alongside"`;
  return {
    shape,
    from,
    sql: `select ${shape.selectList}${total}${beside}${from}${order}`,
    params: [...(counted ? whereParams : []), ...(alongside?.params ?? []), ...whereParams],
    whereParams,
  };
};

/** A compiled read: its text depends on the filter's shape only, never on values, so it is prepared. It writes nothing. */
const READ = { prepare: true, effect: 'read' } as const;

const rowsOf = <T extends object>(em: EntityManager, schema: EntitySchema<T>, records: readonly Record<string, unknown>[]): T[] =>
  records.map((record) => fromColumns(em, schema, record));

/** Reads one row as a detached plain copy: one native statement, no entity. */
export const findRow = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
): Promise<T | null> => {
  const select = compiled(nativeSelect(em, schema, where, null), schema);
  const [row] = rowsOf(em, schema, await runSelect(em, `${select.sql} limit 1`, select.params, READ));
  return row ?? null;
};

/**
 * A compiled statement, or a programming error: the repositories' filters are written in code,
 * and every one of them compiles (the storage contract suites run them all on PGlite and
 * PostgreSQL). There is no ORM fallback: inside a transaction of {@link inPgTransaction} the
 * ORM's own queries would run beside it, not in it.
 */
const compiled = <S>(select: S | null, schema: { readonly meta: { readonly className: string } }): S => {
  if (select === null) throw new Error(`a filter of ${schema.meta.className} that native SQL does not compile`);
  return select;
};

/** The rows `where` selects, in `orderBy`'s order; the first `limit` of them when given. */
export const findRows = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T>,
  limit?: number,
): Promise<T[]> => {
  const select = compiled(nativeSelect(em, schema, where, orderBy), schema);
  const [sql, params] = limit === undefined ? [select.sql, select.params] : [`${select.sql} limit ?`, [...select.params, limit]];
  return rowsOf(em, schema, await runSelect(em, sql, params, READ));
};

/**
 * One page and the total of all matching rows in one statement (the total beside each row, see
 * nativeSelect). A page past the end has no row to carry the total: then, and only then, a
 * second statement counts. With `alongside`, each row is mapped with the value computed beside it.
 */
export const findPage = async <T extends object, D>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T>,
  page: PageRequest,
  toDomain: (row: T, alongside: unknown) => D,
  alongside: Alongside | null = null,
): Promise<Page<D>> => {
  const select = compiled(nativeSelect(em, schema, where, orderBy, true, alongside), schema);
  const records = await runSelect(em, `${select.sql} limit ? offset ?`, [...select.params, page.limit, page.offset], READ);
  if (records.length === 0 && page.offset > 0) {
    const [counted] = await runSelect(em, `select count(*) as "total"${select.from}`, select.whereParams, READ);
    return { items: [], total: Number(counted?.total ?? 0) };
  }
  return {
    items: records.map((record) => toDomain(fromColumns(em, schema, record), record.__alongside ?? null)),
    total: records.length === 0 ? 0 : Number(records[0]!.__total),
  };
};

/**
 * `where` as a native SQL condition (columns unqualified, `?` placeholders) with its values, for a
 * statement written by hand around the same filters the helpers above compile; null when not compilable.
 */
export const conditionOf = <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
): { readonly sql: string; readonly params: readonly unknown[] } | null => {
  const params: unknown[] = [];
  const sql = compileWhere(shapeOf(em, schema), where as Record<string, unknown>, params);
  return sql === null ? null : { sql, params };
};

/** `where` compiled by {@link conditionOf}, with its table's shape; a filter that does not compile is a programming error (see {@link compiled}). */
const conditionFor = <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>) => ({
  shape: shapeOf(em, schema),
  ...compiled(conditionOf(em, schema, where), schema),
});

/** The update setting `values` (properties to plain values: text, numbers, booleans, instants, null) on the rows `where` selects. */
const updateStatement = <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>, values: Partial<T>) => {
  const { shape, sql, params } = conditionFor(em, schema, where);
  const assignments: string[] = [];
  const assigned: unknown[] = [];
  for (const [property, value] of Object.entries(values)) {
    const column = shape.columnOf.get(property);
    if (column === undefined || (typeof value === 'object' && value !== null && !(value instanceof Date))) {
      throw new Error(`an update of ${schema.meta.className} sets ${property}, which is not a plain column`);
    }
    assignments.push(`"${column}" = ?`);
    assigned.push(value);
  }
  return { sql: `update "${shape.table}" set ${assignments.join(', ')} where ${sql}`, params: [...assigned, ...params] };
};

/** Sets `values` on the rows `where` selects: one native statement. */
export const updateRows = async <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>, values: Partial<T>): Promise<void> => {
  const { sql, params } = updateStatement(em, schema, where, values);
  await runWrite(em, sql, params);
};

/** {@link updateRows}, answering how many rows it changed (read back as their ids: for writes of a few rows). */
export const updateRowsCounted = async <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>, values: Partial<T>): Promise<number> => {
  const { sql, params } = updateStatement(em, schema, where, values);
  return (await runSelect(em, `${sql} returning "id"`, params, { prepare: false })).length;
};

/** How many rows `where` selects: one native statement. */
export const countRows = async <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>): Promise<number> => {
  const { shape, sql, params } = conditionFor(em, schema, where);
  const [row] = await runSelect(em, `select count(*) as "count" from "${shape.table}" where ${sql}`, params, READ);
  return Number(row?.count ?? 0);
};

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
