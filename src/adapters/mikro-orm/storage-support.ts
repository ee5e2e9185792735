import { UniqueConstraintViolationException, type EntitySchema, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DuplicateKey } from '../../application/ports/repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';

const UNIQUE_VIOLATION = '23505';

/**
 * A unique violation becomes the port's DuplicateKey, named by the violated constraint. The
 * EntityManager's native methods convert driver errors; QueryBuilder.execute() passes pg's
 * DatabaseError through unchanged, hence both checks.
 */
export const translateUniqueViolation = (error: unknown): unknown =>
  error instanceof UniqueConstraintViolationException || (error as { code?: unknown })?.code === UNIQUE_VIOLATION
    ? new DuplicateKey((error as { constraint?: string }).constraint ?? 'unique')
    : error;

/**
 * Insert, or overwrite every column of the row with the same id. Native SQL: repositories
 * never keep rows in the identity map, so there is nothing stale to reconcile afterwards.
 */
export const upsertRow = async <T extends { id: string }>(
  em: EntityManager,
  schema: EntitySchema<T>,
  row: T,
): Promise<void> => {
  try {
    await em.createQueryBuilder(schema).insert(row).onConflict('id').merge().execute();
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/** How one entity's rows look in native SQL: each property's column, and the parts of its writes. */
interface NativeShape {
  readonly columns: readonly { readonly property: string; readonly column: string; readonly kind: 'date' | 'json' | 'plain' }[];
  /** `insert into "table" (columns) values`, the rows' tuples to follow. */
  readonly insert: string;
  /** One row's tuple of placeholders. */
  readonly tuple: string;
  /** What makes the insert an upsert on the id. */
  readonly onConflict: string;
}

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
  const names = columns.map((c) => `"${c.column}"`);
  const shape: NativeShape = {
    columns,
    insert: `insert into "${meta.tableName}" (${names.join(', ')}) values `,
    tuple: `(${columns.map((c) => (c.kind === 'json' ? '?::jsonb' : '?')).join(', ')})`,
    onConflict: ` on conflict ("id") do update set ${names.filter((n) => n !== '"id"').map((n) => `${n} = excluded.${n}`).join(', ')}`,
  };
  shapes.set(schema, shape);
  return shape;
};

/**
 * One multi-row `insert ... values`, for rows written on the hot path (a batch of inbound
 * texts): one statement for the whole batch, without the QueryBuilder's cost. A VALUES list
 * rather than one JSON parameter unpacked by jsonb_populate_recordset: as fast or a little
 * faster for 1 and 50 rows on PGlite and PostgreSQL, and each value takes its column's type
 * from the insert itself. JSON columns go as text (a null as SQL null).
 */
const insertRows = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  rows: readonly T[],
  upsert: boolean,
): Promise<void> => {
  if (rows.length === 0) return;
  const shape = shapeOf(em, schema);
  const values: unknown[] = [];
  for (const row of rows) {
    for (const { property, kind } of shape.columns) {
      const value = (row as Record<string, unknown>)[property] ?? null;
      values.push(kind === 'json' && value !== null ? JSON.stringify(value) : value);
    }
  }
  const sql = shape.insert + rows.map(() => shape.tuple).join(', ') + (upsert ? shape.onConflict : '');
  try {
    await em.execute(sql, values);
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

/** A `timestamptz` from a native query: the driver hands it over as text (a Date is kept). */
export const dateOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string);

/** A row of a native `select` (snake_case columns; timestamps as text) as the entity's row type. */
export const fromColumns = <T extends object>(em: EntityManager, schema: EntitySchema<T>, record: Record<string, unknown>): T => {
  const row: Record<string, unknown> = {};
  for (const { property, column, kind } of shapeOf(em, schema).columns) {
    const value = record[column] ?? null;
    row[property] = kind === 'date' ? dateOf(value) : value;
  }
  return row as T;
};

/** Runs a native `select` of whole rows of one entity (`select *`, or every column by name). */
export const selectRows = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  sql: string,
  params: readonly unknown[],
): Promise<T[]> => {
  const records: Record<string, unknown>[] = await em.execute(sql, [...params]);
  return records.map((record) => fromColumns(em, schema, record));
};

/** Reads one row as a detached plain copy (the identity map is bypassed). */
export const findRow = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
): Promise<T | null> => em.findOne(schema, where, { disableIdentityMap: true }) as Promise<T | null>;

export const findRows = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T>,
): Promise<T[]> => em.find(schema, where, { orderBy, disableIdentityMap: true }) as Promise<T[]>;

export const findPage = async <T extends object, D>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T>,
  page: PageRequest,
  toDomain: (row: T) => D,
): Promise<Page<D>> => {
  const [rows, total] = await em.findAndCount(schema, where, {
    orderBy,
    limit: page.limit,
    offset: page.offset,
    disableIdentityMap: true,
  });
  return { items: (rows as T[]).map(toDomain), total };
};

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
