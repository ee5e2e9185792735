/** A statement as sent: PostgreSQL's `$n` placeholders, and its prepared statement's name. */
export interface PgStatement {
  readonly text: string;
  /** Its prepared statement's name on every connection; '' sends it unnamed. */
  readonly name: string;
}

export interface SelectOptions {
  /**
   * Prepare the statement (named, once per connection) so PostgreSQL parses and plans it once.
   * Only for statements that name their columns: a prepared `select *` fails once a migration
   * adds a column to the table under a running node ("cached plan must not change result type").
   */
  readonly prepare: boolean;
  /**
   * What running the statement may do, for a store that sees every write (the embedded PGlite,
   * which only this process reaches): it counts writes, so that an answer may be given again
   * while nothing has been written since. Ignored elsewhere.
   * - `write` (the default, assumed of any statement not marked): it may change the database.
   * - `read`: it changes nothing (a plain select).
   * - `reusable`: it changes nothing, and its answer depends on nothing but the rows and its
   *   values (no clock, no session setting): the same answer may be given again, without
   *   running it, until something is written.
   */
  readonly effect?: 'write' | 'read' | 'reusable';
}

/**
 * A statement's answer as the server sends it: the column names, then each row's values in that
 * order (timestamps as text, JSON parsed, int8 and numeric as text, as pg hands them to MikroORM).
 * Rows of one answer may share a parsed JSON value: readers treat what they are given as read-only.
 */
export interface SqlAnswer {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

/**
 * One database client that runs statements outside transactions: the ORM's pool (pg), pipelined
 * connections of their own (postgres.js), or the embedded PGlite's session. The read side reads
 * through it as a ReadSession; the repositories' statements outside a transaction go here too.
 */
export interface SqlDriver {
  run(statement: PgStatement, values: readonly unknown[], options: SelectOptions): Promise<SqlAnswer>;
}

/** An answer's rows as records by column name, for the repositories' row mapping. */
export const recordsOf = (answer: SqlAnswer): Record<string, unknown>[] =>
  answer.rows.map((values) => {
    const record: Record<string, unknown> = {};
    answer.columns.forEach((column, i) => {
      record[column] = values[i];
    });
    return record;
  });
