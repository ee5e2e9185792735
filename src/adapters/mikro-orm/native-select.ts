import type { EntityManager } from '@mikro-orm/postgresql';
import { recordsOf, type PgStatement, type SelectOptions, type SqlAnswer, type SqlDriver } from './sql-driver.js';

/** The part of a pg client the statements use (the knex pool hands out pg's `Client`). */
interface PgClient {
  /** `command`: the statement's tag as the server answered it (a COMMIT of a failed transaction answers ROLLBACK). */
  query(config: { readonly text: string; readonly name?: string; readonly values: readonly unknown[] }): Promise<{ rows: Record<string, unknown>[]; command?: string }>;
  /** The same, each row as an array of values in the order of `fields`. */
  query(config: { readonly text: string; readonly name?: string; readonly values: readonly unknown[]; readonly rowMode: 'array' }): Promise<{
    rows: unknown[][];
    fields: readonly { readonly name: string }[];
  }>;
  /** Closes the connection; the pool then drops it rather than hand it out again. */
  end(): Promise<void>;
}
interface KnexClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<unknown>;
  /** knex's tarn pool, read for the operator's figures. */
  readonly pool: TarnPool;
}

/** What a tarn pool says of its connections. */
export interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  readonly max: number;
}

/** The ORM's pool: knex's client, which hands out and takes back pg's connections. */
export const poolOf = (em: EntityManager): KnexClient => (em.getConnection('write').getKnex() as unknown as { client: KnexClient }).client;

/**
 * Statements sent on a pg client taken from the ORM's own pool: the same connections, limits
 * and type parsers (a timestamp arrives as text), without the ORM's query runner, formatter and
 * result handling, which did more work than a short read itself.
 */
export class OrmPoolReads implements SqlDriver {
  constructor(private readonly em: EntityManager) {}

  async run(statement: PgStatement, values: readonly unknown[], options: SelectOptions): Promise<SqlAnswer> {
    const pool = poolOf(this.em);
    const connection = await pool.acquireConnection();
    try {
      const result = await connection.query({ text: statement.text, ...(options.prepare ? { name: statement.name } : {}), values, rowMode: 'array' });
      return { columns: result.fields.map((field) => field.name), rows: result.rows };
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
const routes = new WeakMap<object, SqlDriver>();

/** Sends the native statements of every EntityManager of `orm` outside transactions to `reads`. */
export const routeNativeReads = (orm: { readonly config: object }, reads: SqlDriver): void => {
  routes.set(orm.config, reads);
};

/**
 * A transaction begun on one connection of the ORM's pool: the transaction context of the
 * EntityManager its repositories share (see {@link inPgTransaction}). Every statement of the
 * repositories goes through {@link runSelect} or {@link runWrite}, which find it there.
 */
class PgTransaction {
  constructor(readonly connection: PgClient) {}
}

const BEGIN = { text: 'begin', values: [] } as const;
const COMMIT = { text: 'commit', values: [] } as const;
const ROLLBACK = { text: 'rollback', values: [] } as const;

/**
 * Runs `work` in a transaction of its own: BEGIN on a connection of the ORM's pool, `work` with a
 * fork of `em` bound to it, then COMMIT when `commits` says so of what `work` answered, ROLLBACK
 * otherwise and on any throw. A COMMIT that PostgreSQL answers with a rollback (a statement had failed
 * in the transaction and `work` caught its error) throws {@link TransactionRolledBack}: nothing of it
 * was stored, and the caller must not act as if it were.
 *
 * Not knex's transaction (MikroORM's `begin`): that one builds a knex instance of its own for
 * every transaction (its transactor, the bulk of what a short unit of work allocates) and runs
 * BEGIN and COMMIT through its query runner, for statements that go straight to the connection
 * anyway. Here the same round trips cost less, which a one-transaction request
 * (`PATCH /v1/agents/{id}`) feels (`bench:rest:side-by-side`). A connection whose ROLLBACK failed is closed, so the
 * pool never hands out one still inside a transaction.
 */
export const inPgTransaction = async <A>(em: EntityManager, work: (tx: EntityManager) => Promise<A>, commits: (result: A) => boolean): Promise<A> => {
  const pool = poolOf(em);
  const connection = await pool.acquireConnection();
  try {
    await connection.query(BEGIN);
    const tx = em.fork();
    tx.setTransactionContext(new PgTransaction(connection));
    let result: A;
    try {
      result = await work(tx);
    } catch (error) {
      await rollBack(connection).catch(() => undefined);
      throw error;
    }
    if (!commits(result)) {
      await rollBack(connection);
      return result;
    }
    const committed = await connection.query(COMMIT);
    // A statement failed in it (its error caught by the work): PostgreSQL rolled all of it back.
    if (committed.command === 'ROLLBACK') throw new TransactionRolledBack();
    return result;
  } finally {
    await pool.releaseConnection(connection);
  }
};

/** ROLLBACK; a connection that fails it is closed (and so dropped by the pool), whatever state it was left in. */
const rollBack = async (connection: PgClient): Promise<void> => {
  try {
    await connection.query(ROLLBACK);
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw error;
  }
};

/** A unit of work answered success, but a statement of it had failed, so none of it was committed. */
export class TransactionRolledBack extends Error {
  constructor() {
    super('the transaction was rolled back: a statement in it failed, and the work went on as if it had not');
    this.name = 'TransactionRolledBack';
  }
}

/** The transaction `em` is bound to, if any. */
const transactionOf = (em: EntityManager): PgTransaction | undefined => {
  const context = em.getTransactionContext<unknown>();
  if (context === undefined || context === null) return undefined;
  if (context instanceof PgTransaction) return context;
  // Every transaction here is begun by inPgTransaction: a statement in another kind would run beside it, not in it.
  throw new Error('a native statement in a transaction not begun by inPgTransaction');
};

/**
 * A statement on the transaction's own connection, as pg sends it (prepared when asked): not
 * through `em.execute`, which writes every value into the text (so PostgreSQL parses and plans
 * each statement afresh) and runs it through knex's query runner, a cost that calls set up
 * under load paid several times each, while holding their project's row locked.
 */
const runInTransaction = async (
  transaction: PgTransaction,
  statement: PgStatement,
  values: readonly unknown[],
  options: SelectOptions,
): Promise<Record<string, unknown>[]> => {
  const result = await transaction.connection.query(
    options.prepare ? { text: statement.text, name: statement.name, values } : { text: statement.text, values },
  );
  return result.rows;
};

/**
 * Runs a native write whose text varies with its rows (a multi-row insert), written with knex's
 * `?` placeholders (none other may appear in it), unprepared, its text not kept (there is one per
 * row count): in a transaction on the transaction's connection, outside one where native
 * statements go ({@link SqlDriver}), like {@link runSelect}. Not through `em.execute`, whose
 * knex writes every value into the text (escaping each): the transcript of every live call is
 * written this way, a batch each turn of the event loop.
 */
export const runWrite = async (em: EntityManager, sql: string, params: readonly unknown[]): Promise<void> => {
  let n = 0;
  const statement = { text: sql.replace(/\?/g, () => `$${++n}`), name: '' };
  const transaction = transactionOf(em);
  if (transaction) await runInTransaction(transaction, statement, params, UNPREPARED);
  else await driverOf(em).run(statement, params, UNPREPARED);
};

/** A write whose text is not kept: sent unnamed, planned for its values. */
const UNPREPARED = { prepare: false } as const;

/**
 * Runs a native statement that answers rows (a `select`, or a write with `returning`) written
 * with knex's `?` placeholders (none other may appear in it) and returns its records.
 *
 * Outside a transaction the statement skips MikroORM and knex and goes to the database's
 * {@link SqlDriver}. Inside a transaction it goes to the transaction's connection, also
 * without MikroORM's and knex's query runners.
 */
export const runSelect = <R extends object = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  options: SelectOptions,
): Promise<R[]> => {
  const transaction = transactionOf(em);
  // The records' type is the caller's word for what its statement selects, as with em.execute.
  if (transaction) return runInTransaction(transaction, pgStatement(sql), params, options) as Promise<R[]>;
  return driverOf(em).run(pgStatement(sql), params, options).then((answer) => recordsOf(answer) as R[]);
};

/** Where `em`'s statements outside a transaction go: the route of its database, or the ORM's own pool. */
export const driverOf = (em: EntityManager): SqlDriver => routes.get(em.config) ?? new OrmPoolReads(em);
