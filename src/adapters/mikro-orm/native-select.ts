import type { EntityManager } from '@mikro-orm/postgresql';

/** A native statement as sent: pg's `$n` placeholders, and its prepared statement's name. */
export interface PgStatement {
  /** The statement with pg's `$n` placeholders for knex's `?`. */
  readonly text: string;
  /** Its prepared statement's name on every connection. */
  readonly name: string;
}

/**
 * Where native statements outside a transaction go. By default a client of the ORM's own pool
 * ({@link OrmPoolReads}); a database may route them elsewhere ({@link routeNativeReads}), e.g. to
 * a connection that pipelines them.
 */
export interface NativeReads {
  run(statement: PgStatement, values: readonly unknown[], options: SelectOptions): Promise<Record<string, unknown>[]>;
}

/** The part of a pg client the reads use (the knex pool hands out pg's `Client`). */
interface PgClient {
  query(config: { readonly text: string; readonly name?: string; readonly values: readonly unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}
interface KnexClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<unknown>;
}

/**
 * Statements sent on a pg client taken from the ORM's own pool: the same connections, limits
 * and type parsers (a timestamp arrives as text), without the ORM's query runner, formatter and
 * result handling, which cost more CPU than a short read itself.
 */
export class OrmPoolReads implements NativeReads {
  constructor(private readonly em: EntityManager) {}

  async run(statement: PgStatement, values: readonly unknown[], options: SelectOptions): Promise<Record<string, unknown>[]> {
    const pool = (this.em.getConnection().getKnex() as unknown as { client: KnexClient }).client;
    const connection = await pool.acquireConnection();
    try {
      const result = await connection.query(
        options.prepare ? { text: statement.text, name: statement.name, values } : { text: statement.text, values },
      );
      return result.rows;
    } finally {
      await pool.releaseConnection(connection);
    }
  }
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

/** Routes by the ORM's configuration, which every fork of its EntityManager shares. */
const routes = new WeakMap<object, NativeReads>();

/** Sends the native statements of every EntityManager of `orm` outside transactions to `reads`. */
export const routeNativeReads = (orm: { readonly config: object }, reads: NativeReads): void => {
  routes.set(orm.config, reads);
};

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

/** What the EntityManager's transaction context is: knex's transaction, whose client is bound to its one connection. */
interface KnexTransaction {
  readonly client: KnexClient;
}

/**
 * A statement on the transaction's own connection, as pg sends it (prepared when asked): not
 * through `em.execute`, which writes every value into the text (so PostgreSQL parses and plans
 * each statement afresh) and runs it through knex's query runner, a cost that calls set up
 * under load paid several times each, while holding their project's row locked.
 */
const runInTransaction = async (
  transaction: KnexTransaction,
  statement: PgStatement,
  values: readonly unknown[],
  options: SelectOptions,
): Promise<Record<string, unknown>[]> => {
  // knex's transaction client hands out the transaction's connection, and takes nothing back.
  const connection = await transaction.client.acquireConnection();
  const result = await connection.query(
    options.prepare ? { text: statement.text, name: statement.name, values } : { text: statement.text, values },
  );
  return result.rows;
};

/**
 * Runs a native write whose text varies with its rows (a multi-row insert), written with knex's
 * `?` placeholders (none other may appear in it). In a transaction it goes to the transaction's
 * connection like {@link runSelect}, unprepared, its text not kept (there is one per row count);
 * outside one, through the EntityManager.
 */
export const runWrite = async (em: EntityManager, sql: string, params: readonly unknown[]): Promise<void> => {
  const transaction = em.getTransactionContext<KnexTransaction>();
  if (!transaction) {
    await em.execute(sql, [...params]);
    return;
  }
  let n = 0;
  await runInTransaction(transaction, { text: sql.replace(/\?/g, () => `$${++n}`), name: '' }, params, { prepare: false });
};

/**
 * Runs a native statement that answers rows (a `select`, or a write with `returning`) written
 * with knex's `?` placeholders (none other may appear in it) and returns its records.
 *
 * Outside a transaction the statement skips MikroORM and knex and goes to the database's
 * {@link NativeReads}. Inside a transaction it goes to the transaction's connection, also
 * without MikroORM's and knex's query runners.
 */
export const runSelect = (
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  options: SelectOptions,
): Promise<Record<string, unknown>[]> => {
  const transaction = em.getTransactionContext<KnexTransaction>();
  if (transaction) return runInTransaction(transaction, pgStatement(sql), params, options);
  return (routes.get(em.config) ?? new OrmPoolReads(em)).run(pgStatement(sql), params, options);
};
