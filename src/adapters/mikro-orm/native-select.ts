import type { EntityManager } from '@mikro-orm/postgresql';

/** The part of a pg client the reads use (the knex pool hands out pg's `Client`). */
interface PgClient {
  query(config: { readonly text: string; readonly name?: string; readonly values: readonly unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}
interface KnexClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<unknown>;
}

interface PgStatement {
  /** The statement with pg's `$n` placeholders for knex's `?`. */
  readonly text: string;
  /** Its prepared statement's name on every connection. */
  readonly name: string;
}

/** Statements by their knex text: a bounded set, as they are built from code, never from input. */
const statements = new Map<string, PgStatement>();

const pgStatement = (sql: string): PgStatement => {
  const known = statements.get(sql);
  if (known) return known;
  let n = 0;
  const statement = { text: sql.replace(/\?/g, () => `$${++n}`), name: `sb_read_${statements.size}` };
  statements.set(sql, statement);
  return statement;
};

export interface SelectOptions {
  /**
   * Prepare the statement (named, once per connection) so PostgreSQL parses and plans it once.
   * Only for statements that name their columns: a prepared `select *` fails once a migration
   * adds a column to the table under a running node ("cached plan must not change result type").
   */
  readonly prepare: boolean;
}

/**
 * Runs a native statement that answers rows (a `select`, or a write with `returning`) written
 * with knex's `?` placeholders (none other may appear in it) and returns its records.
 *
 * Outside a transaction the statement skips MikroORM and knex, whose query runner, formatter and
 * result handling cost more CPU than the read itself: a client is taken from the ORM's own pool
 * (the same connections, limits and type parsers, so a timestamp still arrives as text) and the
 * statement sent with its parameters. Inside a transaction it runs through the EntityManager, on
 * the transaction's connection.
 */
export const runSelect = async (
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  options: SelectOptions,
): Promise<Record<string, unknown>[]> => {
  if (em.isInTransaction()) return em.execute(sql, [...params]);
  const pool = (em.getConnection().getKnex() as unknown as { client: KnexClient }).client;
  const connection = await pool.acquireConnection();
  try {
    const statement = pgStatement(sql);
    const result = await connection.query(
      options.prepare ? { text: statement.text, name: statement.name, values: params } : { text: statement.text, values: params },
    );
    return result.rows;
  } finally {
    await pool.releaseConnection(connection);
  }
};
