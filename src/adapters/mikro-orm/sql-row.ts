import { instantOfTimestamptz } from './timestamp-text.js';

/** A column whose value is not what the read side's decoder of its statement expects. */
export class UnexpectedColumn extends Error {
  constructor(column: string, expected: string, value: unknown) {
    super(`column ${column}: expected ${expected}, got ${value === null ? 'null' : typeof value}`);
    this.name = 'UnexpectedColumn';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One row of an answer, read by column name, each value checked against what the decoder asks
 * for: the read side's decoders write each row's object literal by hand, so it keeps a fixed shape.
 * One reader serves every row of an answer in turn ({@link at}).
 */
export class SqlRow {
  private readonly index = new Map<string, number>();
  private values: readonly unknown[] = [];

  constructor(columns: readonly string[]) {
    // As with records built by keyed stores, the last of two columns of one name wins.
    columns.forEach((column, i) => this.index.set(column, i));
  }

  at(values: readonly unknown[]): this {
    this.values = values;
    return this;
  }

  value(column: string): unknown {
    const i = this.index.get(column);
    if (i === undefined) throw new UnexpectedColumn(column, 'a column of that name', undefined);
    return this.values[i] ?? null;
  }

  isNull(column: string): boolean {
    return this.value(column) === null;
  }

  text(column: string): string {
    const value = this.value(column);
    if (typeof value !== 'string') throw new UnexpectedColumn(column, 'text', value);
    return value;
  }

  textOrNull(column: string): string | null {
    return this.isNull(column) ? null : this.text(column);
  }

  /** An integer: int4 arrives as a number, int8 (a count) as text. */
  integer(column: string): number {
    const value = this.value(column);
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new UnexpectedColumn(column, 'an integer', value);
    return n;
  }

  integerOrNull(column: string): number | null {
    return this.isNull(column) ? null : this.integer(column);
  }

  boolean(column: string): boolean {
    const value = this.value(column);
    if (typeof value !== 'boolean') throw new UnexpectedColumn(column, 'a boolean', value);
    return value;
  }

  /** A `timestamptz`, which arrives as text. */
  instant(column: string): Date {
    const value = this.value(column);
    if (value instanceof Date) return value;
    if (typeof value !== 'string') throw new UnexpectedColumn(column, 'a timestamp', value);
    return instantOfTimestamptz(value);
  }

  instantOrNull(column: string): Date | null {
    return this.isNull(column) ? null : this.instant(column);
  }

  /** A JSON array, its items decoded by the column's codec where it is mapped to the domain. */
  array(column: string): unknown[] {
    const value = this.value(column);
    if (!Array.isArray(value)) throw new UnexpectedColumn(column, 'a JSON array', value);
    return value;
  }

  /** A JSON object, its fields decoded by the column's codec where it is mapped to the domain. */
  objectOrNull(column: string): Record<string, unknown> | null {
    const value = this.value(column);
    if (value === null) return null;
    if (!isRecord(value)) throw new UnexpectedColumn(column, 'a JSON object', value);
    return value;
  }

  object(column: string): Record<string, unknown> {
    const value = this.objectOrNull(column);
    if (value === null) throw new UnexpectedColumn(column, 'a JSON object', value);
    return value;
  }

  /** A JSON array of text. */
  textArray(column: string): string[] {
    const value = this.array(column);
    if (!value.every((item): item is string => typeof item === 'string')) throw new UnexpectedColumn(column, 'a JSON array of text', value);
    return value;
  }

  /** A JSON object of text values; null as the empty object. */
  textMap(column: string): Record<string, string> {
    const value = this.objectOrNull(column);
    const map: Record<string, string> = {};
    if (value === null) return map;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== 'string') throw new UnexpectedColumn(column, 'a JSON object of text', value);
      map[key] = item;
    }
    return map;
  }
}
