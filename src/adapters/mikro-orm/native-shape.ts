import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { instantOfTimestamptz } from './timestamp-text.js';

/*
 * How one entity's rows look to native SQL, from the schema's metadata: its columns, the texts of
 * its inserts, and the mapping of a native record back to a row. Made once per schema.
 */

/** How one entity's rows look in native SQL: each property's column, and the parts of its writes. */
export interface NativeColumn {
  readonly property: string;
  readonly column: string;
  readonly kind: 'date' | 'json' | 'plain';
}

/** The texts of an insert of some columns of a table. */
export interface WriteParts {
  /** `insert into "table" (columns) values`, the rows' tuples to follow. */
  readonly insert: string;
  /** One row's tuple of placeholders. */
  readonly tuple: string;
  /** What makes the insert an upsert on the id. */
  readonly onConflict: string;
}

export const writePartsOf = (table: string, columns: readonly NativeColumn[]): WriteParts => {
  const names = columns.map((c) => `"${c.column}"`);
  return {
    insert: `insert into "${table}" (${names.join(', ')}) values `,
    tuple: `(${columns.map((c) => (c.kind === 'json' ? '?::jsonb' : '?')).join(', ')})`,
    onConflict: ` on conflict ("id") do update set ${names.filter((n) => n !== '"id"').map((n) => `${n} = excluded.${n}`).join(', ')}`,
  };
};

/** A column's value of a row as a native statement sends it: JSON columns as text, a missing value as null. */
export const valueOf = (row: object, { property, kind }: NativeColumn): unknown => {
  const value: unknown = Reflect.get(row, property) ?? null;
  return kind === 'json' && value !== null ? JSON.stringify(value) : value;
};

export interface NativeShape extends WriteParts {
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
 * The mapping of a native record (snake_case columns, timestamps as text) to a row of the
 * entity: each property from its column, a timestamp as a Date, a missing value as null.
 */
const toRowOf =
  (columns: NativeShape['columns']): NativeShape['toRow'] =>
  (record) => {
    const row: Record<string, unknown> = {};
    for (const { property, column, kind } of columns) row[property] = kind === 'date' ? dateOf(record[column]) : (record[column] ?? null);
    return row;
  };

const shapes = new WeakMap<object, NativeShape>();

export const shapeOf = <T extends object>(em: EntityManager, schema: EntitySchema<T>): NativeShape => {
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
    toRow: toRowOf(columns),
  };
  shapes.set(schema, shape);
  return shape;
};

/** A `timestamptz` from a native query: the driver hands it over as text (a Date is kept). */
export const dateOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : instantOfTimestamptz(String(value));

/** A row of a native `select` (snake_case columns; timestamps as text) as the entity's row type. */
export const fromColumns = <T extends object>(em: EntityManager, schema: EntitySchema<T>, record: Record<string, unknown>): T =>
  shapeOf(em, schema).toRow(record) as T;

/** What was made for `schema` under `key` (a few keys each, written in code), made on first use. */
export const perSchema = <V>(cache: WeakMap<object, Map<string, V>>, schema: object, key: string, make: () => V): V => {
  let byKey = cache.get(schema);
  if (!byKey) cache.set(schema, (byKey = new Map()));
  let value = byKey.get(key);
  if (value === undefined) byKey.set(key, (value = make()));
  return value;
};


