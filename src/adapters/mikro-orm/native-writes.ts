import { UniqueConstraintViolationException, type EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DuplicateKey } from '../../application/ports/repositories.js';
import { inPgTransaction, runSelect, runWrite } from './native-select.js';
import { perSchema, shapeOf, valueOf, writePartsOf, type NativeShape } from './native-shape.js';

/** A write, prepared: its texts are a few per table. */
const PREPARED = { prepare: true } as const;

const UNIQUE_VIOLATION = '23505';

/**
 * A unique violation becomes the port's DuplicateKey, named by the violated constraint. The
 * EntityManager's native methods convert driver errors; QueryBuilder.execute() and native reads
 * pass the driver's error through unchanged, hence both checks.
 */
export const translateUniqueViolation = (error: unknown): unknown =>
  error instanceof UniqueConstraintViolationException || fieldOf(error, 'code') === UNIQUE_VIOLATION
    ? new DuplicateKey(constraintOf(error) ?? 'unique')
    : error;

/** A field of a driver's error, which is any object. */
const fieldOf = (error: unknown, field: string): unknown => (typeof error === 'object' && error !== null ? Reflect.get(error, field) : undefined);

/** pg names the violated constraint `constraint`, postgres.js (pipelined reads) `constraint_name`. */
const constraintOf = (error: unknown): string | undefined => {
  const named = fieldOf(error, 'constraint') ?? fieldOf(error, 'constraint_name');
  return typeof named === 'string' ? named : undefined;
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
  const present = shape.columns.filter(({ property }) => Reflect.get(row, property) !== undefined);
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

