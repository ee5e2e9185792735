import { UniqueConstraintViolationException, type EntitySchema, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DuplicateKey } from '../../application/ports/repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { inPgTransaction, runSelect, runWrite } from './native-select.js';
import { instantOfTimestamptz } from './timestamp-text.js';

const UNIQUE_VIOLATION = '23505';

/**
 * A unique violation becomes the port's DuplicateKey, named by the violated constraint. The
 * EntityManager's native methods convert driver errors; QueryBuilder.execute() and native reads
 * pass the driver's error through unchanged, hence both checks.
 */
export const translateUniqueViolation = (error: unknown): unknown =>
  error instanceof UniqueConstraintViolationException || (error as { code?: unknown })?.code === UNIQUE_VIOLATION
    ? new DuplicateKey(constraintOf(error) ?? 'unique')
    : error;

/** pg names the violated constraint `constraint`, postgres.js (pipelined reads) `constraint_name`. */
const constraintOf = (error: unknown): string | undefined => {
  const { constraint, constraint_name } = error as { constraint?: string; constraint_name?: string };
  return constraint ?? constraint_name;
};

/**
 * Insert, or overwrite every column of the row with the same id. Native SQL: repositories
 * never keep rows in the identity map, so there is nothing stale to reconcile afterwards.
 */
export const upsertRow = async <T extends { id: string }>(
  em: EntityManager,
  schema: EntitySchema<T>,
  row: T,
): Promise<void> => {
  const { sql, values } = upsertStatement(shapeOf(em, schema), row);
  try {
    // Prepared: the texts are a few per table (one per set of properties present).
    await runSelect(em, sql, values, PREPARED);
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/**
 * Insert, or overwrite every other column of the row with the same `key` (a property whose
 * column is the table's primary key or has a unique index of its own), in one native statement.
 */
export const upsertRowOn = async <T extends object>(em: EntityManager, schema: EntitySchema<T>, row: T, key: keyof T & string): Promise<void> => {
  const shape = shapeOf(em, schema);
  const keyColumn = shape.columnOf.get(key);
  if (keyColumn === undefined) throw new Error(`upsertRowOn(${schema.meta.className}): ${key} is not a column`);
  const sql = perSchema(keyedUpserts, schema, key, () => {
    const others = shape.columns.filter((c) => c.column !== keyColumn).map((c) => `"${c.column}" = excluded."${c.column}"`);
    return `${shape.insert}${shape.tuple} on conflict ("${keyColumn}") do update set ${others.join(', ')}`;
  });
  try {
    await runSelect(em, sql, shape.columns.map((column) => valueOf(row, column)), PREPARED);
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/** Per schema, by key: the text of {@link upsertRowOn}. */
const keyedUpserts = new WeakMap<object, Map<string, string>>();

/** One row's upsert by the columns of its shape, each text made once. */
const upsertTexts = new WeakMap<NativeShape, Map<string, string>>();

/**
 * The upsert of one row: the columns of the properties it has (an absent one, `undefined`, is
 * neither inserted nor overwritten: a column only its own statement sets, e.g. when a call's
 * media connected, survives a save of the row's other fields), each overwritten on a
 * conflicting id. JSON columns go as text. Outside a transaction it goes where native reads go.
 */
const upsertStatement = (shape: NativeShape, row: object): { readonly sql: string; readonly values: unknown[] } => {
  const present = shape.columns.filter(({ property }) => (row as Record<string, unknown>)[property] !== undefined);
  let texts = upsertTexts.get(shape);
  if (!texts) upsertTexts.set(shape, (texts = new Map()));
  const key = present.map((c) => c.column).join(',');
  let sql = texts.get(key);
  if (sql === undefined) {
    const parts = writePartsOf(shape.table, present);
    sql = parts.insert + parts.tuple + parts.onConflict;
    texts.set(key, sql);
  }
  return { sql, values: present.map((column) => valueOf(row, column)) };
};

/**
 * The row with this id, locked (`for update`) until the transaction ends: only inside one.
 * One prepared statement naming every column, like any native read.
 */
export const lockRow = async <T extends object>(em: EntityManager, schema: EntitySchema<T>, id: string): Promise<T | null> => {
  if (!em.isInTransaction()) throw new Error(`lockRow(${schema.meta.className}) needs a transaction: outside one the lock would end with its statement`);
  const shape = shapeOf(em, schema);
  const [record] = await runSelect(em, `select ${shape.selectList} from "${shape.table}" where "id" = ? limit 1 for update`, [id], PREPARED);
  return record === undefined ? null : (shape.toRow(record) as T);
};

/** How one entity's rows look in native SQL: each property's column, and the parts of its writes. */
interface NativeColumn {
  readonly property: string;
  readonly column: string;
  readonly kind: 'date' | 'json' | 'plain';
}

/** The texts of an insert of some columns of a table. */
interface WriteParts {
  /** `insert into "table" (columns) values`, the rows' tuples to follow. */
  readonly insert: string;
  /** One row's tuple of placeholders. */
  readonly tuple: string;
  /** What makes the insert an upsert on the id. */
  readonly onConflict: string;
}

const writePartsOf = (table: string, columns: readonly NativeColumn[]): WriteParts => {
  const names = columns.map((c) => `"${c.column}"`);
  return {
    insert: `insert into "${table}" (${names.join(', ')}) values `,
    tuple: `(${columns.map((c) => (c.kind === 'json' ? '?::jsonb' : '?')).join(', ')})`,
    onConflict: ` on conflict ("id") do update set ${names.filter((n) => n !== '"id"').map((n) => `${n} = excluded.${n}`).join(', ')}`,
  };
};

/** A column's value of a row as a native statement sends it: JSON columns as text, a missing value as null. */
const valueOf = (row: object, { property, kind }: NativeColumn): unknown => {
  const value = (row as Record<string, unknown>)[property] ?? null;
  return kind === 'json' && value !== null ? JSON.stringify(value) : value;
};

interface NativeShape extends WriteParts {
  readonly table: string;
  /** Column by property name: what native reads filter and order by. */
  readonly columnOf: ReadonlyMap<string, string>;
  readonly columns: readonly NativeColumn[];
  /** Every column by name, for native reads (never `*`: see SelectOptions.prepare). */
  readonly selectList: string;
  /** A native record (snake_case columns, timestamps as text) in the row's shape: see {@link fromColumns}. */
  readonly toRow: (record: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The mapping of a native record to a row, compiled once per entity into one object literal.
 * A loop over the columns (a keyed store per column, each a different key) cost twice as much,
 * and a list runs it for every row. The names come from the schema's metadata, never from input,
 * and are written as JSON string literals.
 */
const compileToRow = (columns: NativeShape['columns']): NativeShape['toRow'] => {
  const fields = columns.map(({ property, column, kind }) => {
    const value = `record[${JSON.stringify(column)}]`;
    return `${JSON.stringify(property)}: ${kind === 'date' ? `dateOf(${value})` : `${value} ?? null`}`;
  });
  const compiled = new Function('dateOf', 'record', `return { ${fields.join(', ')} };`) as (of: typeof dateOf, record: Record<string, unknown>) => Record<string, unknown>;
  return (record) => compiled(dateOf, record);
};

const shapes = new WeakMap<object, NativeShape>();

const shapeOf = <T extends object>(em: EntityManager, schema: EntitySchema<T>): NativeShape => {
  const known = shapes.get(schema);
  if (known) return known;
  const meta = em.getMetadata().get(schema.meta.className);
  const columns = meta.props.map((p) => ({
    property: p.name,
    column: p.fieldNames[0]!,
    kind: p.columnTypes[0] === 'timestamptz' ? ('date' as const) : p.columnTypes[0] === 'jsonb' || p.columnTypes[0] === 'json' ? ('json' as const) : ('plain' as const),
  }));
  const shape: NativeShape = {
    table: meta.tableName,
    columnOf: new Map(columns.map((c) => [c.property, c.column])),
    columns,
    selectList: columns.map((c) => `"${c.column}"`).join(', '),
    ...writePartsOf(meta.tableName, columns),
    toRow: compileToRow(columns),
  };
  shapes.set(schema, shape);
  return shape;
};

/**
 * One multi-row `insert ... values`, for rows written on the hot path (a batch of inbound
 * texts): one statement for the whole batch, without the QueryBuilder's cost. A VALUES list
 * rather than one JSON parameter unpacked by jsonb_populate_recordset: no slower for one row or
 * a batch, on PGlite and PostgreSQL alike, and each value takes its column's type
 * from the insert itself. JSON columns go as text (a null as SQL null).
 */
const rowsStatement = <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  rows: readonly T[],
  upsert: boolean,
): { readonly sql: string; readonly values: unknown[] } => {
  const shape = shapeOf(em, schema);
  const values: unknown[] = [];
  for (const row of rows) {
    for (const column of shape.columns) values.push(valueOf(row, column));
  }
  return { sql: shape.insert + rows.map(() => shape.tuple).join(', ') + (upsert ? shape.onConflict : ''), values };
};

/**
 * The most parameters one statement may carry: the protocol's Bind message counts them in 16
 * bits, so more wrap around and PostgreSQL refuses the statement.
 */
const MOST_PARAMETERS = 65_535;

/** How many rows of `schema` fit in one statement's parameters. */
const rowsPerStatement = <T extends object>(em: EntityManager, schema: EntitySchema<T>): number =>
  Math.max(1, Math.floor(MOST_PARAMETERS / shapeOf(em, schema).columns.length));

/**
 * Runs `work` in the caller's transaction or, without one, in a transaction of its own: for a
 * write split into several statements, which must land all or none.
 */
const inOneTransaction = async (em: EntityManager, work: (em: EntityManager) => Promise<void>): Promise<void> => {
  if (em.isInTransaction()) return work(em);
  await inPgTransaction(em, work, () => true);
};

const insertRows = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  rows: readonly T[],
  upsert: boolean,
): Promise<void> => {
  if (rows.length === 0) return;
  const perStatement = rowsPerStatement(em, schema);
  try {
    if (rows.length <= perStatement) {
      const { sql, values } = rowsStatement(em, schema, rows, upsert);
      await runWrite(em, sql, values);
      return;
    }
    await inOneTransaction(em, async (tx) => {
      for (let i = 0; i < rows.length; i += perStatement) {
        const { sql, values } = rowsStatement(tx, schema, rows.slice(i, i + perStatement), upsert);
        await runWrite(tx, sql, values);
      }
    });
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/** Rows of one entity for {@link writeRowsTogether}: upserted on the id, or inserted. */
export interface RowsWrite<T extends object> {
  readonly schema: EntitySchema<T>;
  readonly rows: readonly T[];
  readonly upsert: boolean;
}

/**
 * Several {@link insertRows} in one statement (each but the last in a WITH): one round trip
 * where rows of one table refer to rows of another written with them. Foreign keys are checked
 * at the end of the statement, so a row may refer to one written earlier in the same list.
 */
export const writeRowsTogether = async (em: EntityManager, writes: readonly RowsWrite<object>[]): Promise<void> => {
  const nonEmpty = writes.filter((w) => w.rows.length > 0);
  const parameters = nonEmpty.reduce((sum, w) => sum + w.rows.length * shapeOf(em, w.schema).columns.length, 0);
  if (parameters > MOST_PARAMETERS) {
    // Too many for one statement: each write on its own, in order, so a row still finds those it refers to.
    await inOneTransaction(em, async (tx) => {
      for (const write of nonEmpty) await insertRows(tx, write.schema, write.rows, write.upsert);
    });
    return;
  }
  const statements = nonEmpty.map((w) => rowsStatement(em, w.schema, w.rows, w.upsert));
  if (statements.length === 0) return;
  const last = statements.at(-1)!;
  const sql =
    statements.length === 1
      ? last.sql
      : `with ${statements.slice(0, -1).map((s, i) => `w${i} as (${s.sql})`).join(', ')} ${last.sql}`;
  try {
    await runWrite(em, sql, statements.flatMap((s) => s.values));
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/**
 * {@link upsertRow} in native SQL for any number of rows (distinct ids: one statement cannot
 * update a row twice), all or none. No rows, no statement.
 */
export const upsertRowsNative = <T extends { id: string }>(
  em: EntityManager,
  schema: EntitySchema<T>,
  rows: readonly T[],
): Promise<void> => insertRows(em, schema, rows, true);

/** {@link upsertRowsNative} without the upsert: a row whose id exists already is a DuplicateKey. */
export const insertRowsNative = <T extends { id: string }>(
  em: EntityManager,
  schema: EntitySchema<T>,
  rows: readonly T[],
): Promise<void> => insertRows(em, schema, rows, false);

/**
 * Inserts the row unless a row with the same values of `unique` (the properties of a unique
 * constraint) exists: then it writes nothing and answers false. One statement, prepared: the
 * check is the unique index's own, so no concurrent writer slips in between, with or without a
 * transaction around it.
 */
export const insertRowUnlessTaken = async <T extends { id: string }>(
  em: EntityManager,
  schema: EntitySchema<T>,
  row: T,
  unique: readonly (keyof T & string)[],
): Promise<boolean> => {
  const shape = shapeOf(em, schema);
  const { sql, values } = rowsStatement(em, schema, [row], false);
  const target = unique.map((property) => `"${shape.columnOf.get(property)}"`).join(', ');
  try {
    return (await runSelect(em, `${sql} on conflict (${target}) do nothing returning "id"`, values, PREPARED)).length === 1;
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/** A `timestamptz` from a native query: the driver hands it over as text (a Date is kept). */
export const dateOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : instantOfTimestamptz(value as string);

/** A row of a native `select` (snake_case columns; timestamps as text) as the entity's row type. */
export const fromColumns = <T extends object>(em: EntityManager, schema: EntitySchema<T>, record: Record<string, unknown>): T =>
  shapeOf(em, schema).toRow(record) as T;

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

/** A write, prepared: its texts are a few per table. */
const PREPARED = { prepare: true } as const;

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

/** {@link findRow} with a value computed beside the row (see {@link Alongside}), mapped with it. */
export const findRowAlongside = async <T extends object, D>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  alongside: Alongside,
  toDomain: (row: T, alongside: unknown) => D,
): Promise<D | null> => {
  const select = compiled(nativeSelect(em, schema, where, null, false, alongside), schema);
  const [record] = await runSelect(em, `${select.sql} limit 1`, select.params, READ);
  return record === undefined ? null : toDomain(fromColumns(em, schema, record), record.__alongside ?? null);
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
 * Every column of the entity by name, as a native select lists them (a prepared read never says `*`);
 * each qualified by `alias` when given, for a statement that joins tables with columns of the same name,
 * and named `prefix` + its column when a prefix is given (read back with {@link fromPrefixedColumns}).
 */
export const selectListOf = <T extends object>(em: EntityManager, schema: EntitySchema<T>, alias?: string, prefix?: string): string => {
  const shape = shapeOf(em, schema);
  if (alias === undefined) return shape.selectList;
  return perSchema(qualifiedLists, schema, `${alias}\u0000${prefix ?? ''}`, () =>
    shape.columns.map((c) => `${alias}."${c.column}"${prefix === undefined ? '' : ` as "${prefix}${c.column}"`}`).join(', '),
  );
};

/** What was made for `schema` under `key` (a few keys each, written in code), made on first use. */
const perSchema = <V>(cache: WeakMap<object, Map<string, V>>, schema: object, key: string, make: () => V): V => {
  let byKey = cache.get(schema);
  if (!byKey) cache.set(schema, (byKey = new Map()));
  let value = byKey.get(key);
  if (value === undefined) byKey.set(key, (value = make()));
  return value;
};

/** Per schema, by alias and prefix: the qualified select lists. */
const qualifiedLists = new WeakMap<object, Map<string, string>>();

/** Per schema and prefix: the id's column as named, and the compiled mapping of the prefixed columns. */
const prefixedShapes = new WeakMap<object, Map<string, { readonly id: string; readonly toRow: NativeShape['toRow'] }>>();

/**
 * A row of `schema` from the columns a joined select named `prefix` + column ({@link selectListOf}
 * with a prefix); null when its id is null, as a left join leaves it when nothing matched.
 */
export const fromPrefixedColumns = <T extends object>(em: EntityManager, schema: EntitySchema<T>, record: Record<string, unknown>, prefix: string): T | null => {
  const shape = perSchema(prefixedShapes, schema, prefix, () => ({
    id: `${prefix}id`,
    toRow: compileToRow(shapeOf(em, schema).columns.map((c) => ({ ...c, column: `${prefix}${c.column}` }))),
  }));
  const id = record[shape.id];
  return id === null || id === undefined ? null : (shape.toRow(record) as T);
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

/** Deletes the rows `where` selects: one native statement. */
export const deleteRows = async <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>): Promise<void> => {
  const { shape, sql, params } = conditionFor(em, schema, where);
  await runWrite(em, `delete from "${shape.table}" where ${sql}`, params);
};

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
