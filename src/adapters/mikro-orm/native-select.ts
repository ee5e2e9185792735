import type { EntityManager } from '@mikro-orm/postgresql';
import { transactionClient } from './orm-transaction-client.js';
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
 * A unit of work's transaction: the transaction context of the EntityManager its repositories
 * share (see {@link inPgTransaction}). It begins at the unit's first statement that changes or
 * locks something: every transaction here runs at READ COMMITTED, where each statement takes its
 * own snapshot, so a read before the first write sees what it would see inside, and runs outside
 * on the database's driver; a unit that only reads sends no BEGIN or COMMIT and holds no
 * connection of the pool (on the embedded database, its only one).
 */
class PgTransaction {
  private begun: Promise<PgClient> | null = null;
  private connection: PgClient | null = null;
  private ended = false;

  private knexClient: object | null = null;

  constructor(private readonly pool: KnexClient) {}

  /**
   * The transaction as knex's `transacting` takes it, for MikroORM's own writes on the fork
   * bound to it (see transactionClient): its statements begin it like any other write.
   */
  get client(): object {
    return (this.knexClient ??= transactionClient(this.pool, () => this.begin()));
  }

  /** Whether BEGIN has been sent: every statement after it runs inside. */
  get open(): boolean {
    return this.begun !== null;
  }

  /** The transaction's connection, BEGIN sent on it the first time it is asked for. */
  begin(): Promise<PgClient> {
    // A statement the work left running past its end would begin a transaction nobody ends.
    if (this.ended) return Promise.reject(new Error('a statement of a unit of work that has ended'));
    this.begun ??= this.acquire();
    return this.begun;
  }

  private async acquire(): Promise<PgClient> {
    const connection = await this.pool.acquireConnection();
    this.connection = connection;
    await connection.query(BEGIN);
    return connection;
  }

  /**
   * COMMIT (`commits`) or ROLLBACK of whatever was begun, then the connection back to the pool.
   * A COMMIT that PostgreSQL answers with ROLLBACK throws {@link TransactionRolledBack}.
   */
  async end(commits: boolean): Promise<void> {
    this.ended = true;
    if (this.begun === null) return;
    try {
      // A BEGIN that failed failed the statements after it too: its error is the unit's.
      const connection = await this.begun;
      if (!commits) return await rollBack(connection);
      const committed = await connection.query(COMMIT);
      // A statement failed in it (its error caught by the work): PostgreSQL rolled all of it back.
      if (committed.command === 'ROLLBACK') throw new TransactionRolledBack();
    } finally {
      if (this.connection !== null) await this.pool.releaseConnection(this.connection);
    }
  }
}

const BEGIN = { text: 'begin', values: [] } as const;
const COMMIT = { text: 'commit', values: [] } as const;
const ROLLBACK = { text: 'rollback', values: [] } as const;

/**
 * Runs `work` in a transaction of its own (begun at its first write, see {@link PgTransaction})
 * with a fork of `em` bound to it, then COMMIT when `commits` says so of what `work` answered,
 * ROLLBACK otherwise and on any throw. A COMMIT that PostgreSQL answers with a rollback (a
 * statement had failed in the transaction and `work` caught its error) throws
 * {@link TransactionRolledBack}: nothing of it was stored, and the caller must not act as if it were.
 *
 * Not knex's transaction (MikroORM's `begin`): that one builds a knex instance of its own for
 * every transaction and runs BEGIN and COMMIT through its query runner, for statements that go
 * straight to the connection anyway. A connection whose ROLLBACK failed is closed, so the pool
 * never hands out one still inside a transaction.
 */
export const inPgTransaction = async <A>(em: EntityManager, work: (tx: EntityManager) => Promise<A>, commits: (result: A) => boolean): Promise<A> => {
  const transaction = new PgTransaction(poolOf(em));
  const tx = em.fork();
  tx.setTransactionContext(transaction);
  let result: A;
  try {
    result = await work(tx);
  } catch (error) {
    await transaction.end(false).catch(() => undefined);
    throw error;
  }
  await transaction.end(commits(result));
  return result;
};

/**
 * Begins `em`'s transaction now, whatever comes next: for a unit of work on the embedded
 * database's one connection, where holding that connection is itself the lock on everything.
 */
export const beginNow = async (em: EntityManager): Promise<void> => {
  await transactionOf(em)?.begin();
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
 * each statement afresh) and runs it through knex's query runner.
 */
const runInTransaction = async (
  transaction: PgTransaction,
  statement: PgStatement,
  values: readonly unknown[],
  options: SelectOptions,
): Promise<Record<string, unknown>[]> => {
  const connection = await transaction.begin();
  const result = await connection.query(
    options.prepare ? { text: statement.text, name: statement.name, values } : { text: statement.text, values },
  );
  return result.rows;
};

/** A lock a select takes (a row's, or an advisory one) lasts until its transaction ends. */
const LOCKS = /\bfor\s+(?:no\s+key\s+update|update|key\s+share|share)\b|\bpg_advisory_xact_lock\b/i;

/**
 * Whether a statement must run inside its unit's transaction once begun or not: one that may
 * write, or locks what it reads, begins it; a read before any of those runs outside.
 */
const needsTransaction = (transaction: PgTransaction, statement: PgStatement, options: SelectOptions): boolean =>
  transaction.open || (options.effect ?? 'write') === 'write' || LOCKS.test(statement.text);

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
  const statement = pgStatement(sql);
  // The records' type is the caller's word for what its statement selects, as with em.execute.
  if (transaction && needsTransaction(transaction, statement, options)) return runInTransaction(transaction, statement, params, options) as Promise<R[]>;
  return driverOf(em).run(statement, params, options).then((answer) => recordsOf(answer) as R[]);
};

/** Where `em`'s statements outside a transaction go: the route of its database, or the ORM's own pool. */
export const driverOf = (em: EntityManager): SqlDriver => routes.get(em.config) ?? new OrmPoolReads(em);
