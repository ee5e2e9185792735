import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { decodeAnswer, type RowShape } from './pg-answer.js';
import { PgliteConnection } from './pglite-connection.js';
import { KeptAnswers } from './pglite-kept-answers.js';
import { leavesSessionHeld } from './pg-wire.js';
import type { PgStatement, SelectOptions, SqlAnswer, SqlDriver } from './sql-driver.js';

/** pg's own conversion of a parameter to its text (a Date with its offset, an array as a literal). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): string | Buffer | null };

/** The longest the session runs exchanges back to back before the event loop gets a turn. */
const SLICE_MS = 2;

/** Worded as pg words a lost connection, so that the store reports itself unavailable (a 503). */
const closing = (): Error => new Error('Connection terminated: the embedded database is closing');

/** What a client of the session is, for telling whose exchange holds it. */
export type Holder = object;

/** Where the write-ahead log ends: moved by every write (see {@link KeptAnswers}). */
const LOG_POSITION: PgStatement = { text: 'select pg_current_wal_insert_lsn()::text as lsn', name: 'log_position' };

interface Exchange {
  readonly from: Holder;
  /** Whether it may change the database: it counts as a write when it runs. */
  readonly writes: boolean;
  /** Built when its turn comes, so that it may depend on the session's state then. */
  readonly bytes: () => Uint8Array;
  readonly done: (answer: Uint8Array | Error) => void;
}

/**
 * The embedded PGlite's one session, shared in process without a socket. PGlite runs one
 * session in WebAssembly on this thread; what speaks to it here:
 * - pg's connections (MikroORM's pool), through in-memory streams ({@link connect}): their bytes
 *   are cut into exchanges (up to a Sync, a Query or a Flush), each handed to PGlite in one call;
 * - native statements outside transactions ({@link run}, a {@link SqlDriver}): a prepared statement's
 *   Bind/Describe/Execute/Sync in one call, the answer decoded as pg would.
 *
 * Exchanges run one at a time, in order. While one client holds the session (inside a
 * transaction, or in an extended query no Sync has closed), only its exchanges run: the others
 * wait, so no read sees another's uncommitted rows or lands inside its transaction. A client that
 * goes away holding it has its transaction rolled back.
 *
 * Every write passes here, so the session counts the exchanges that may write: every one of pg's
 * connections, and every native statement not marked as a read (see {@link SelectOptions.effect}).
 * A read marked reusable is answered again from its last answer while nothing has been written
 * since ({@link KeptAnswers}): a poller's repeated read of a list's version costs no statement.
 *
 * Why not PGlite's socket server: it handed PGlite each message separately, a few calls and
 * socket writes per statement, and two system calls each way through a Unix socket in the same
 * process; that was most of an embedded read's cost beyond PostgreSQL's own.
 */
export class PgliteSession implements SqlDriver {
  private readonly waiting: Exchange[] = [];
  private holder: Holder | null = null;
  private draining = false;
  /** When the exchanges run since the event loop last turned began; null: it has turned since. */
  private sliceStart: number | null = null;
  /**
   * Prepared statements of the native reads on the session (theirs, named apart from pg's), each
   * with the shape of its rows once a Describe has told it: then it is not asked again.
   */
  private readonly prepared = new Map<string, RowShape | null>();
  private readonly directReads: Holder = {};
  /** Whether the session plans prepared statements generically now (see {@link plansFor}). */
  private genericPlans = false;
  private readonly connections = new Set<PgliteConnection>();
  private closed = false;
  /** How many exchanges that may have written have run (see the class comment). */
  private writes = 0;
  private readonly kept = new KeptAnswers(
    () => this.writes,
    async () => {
      const { answer, writes } = await this.send(LOG_POSITION, [], true, false);
      return { writes, lsn: String(answer.rows[0]?.[0]) };
    },
  );

  constructor(private readonly db: PGlite) {}

  /** A new connection for pg (its `stream` option). */
  readonly connect = (): Duplex => {
    const connection = new PgliteConnection(this);
    this.connections.add(connection);
    return connection;
  };

  async run(statement: PgStatement, values: readonly unknown[], options: SelectOptions): Promise<SqlAnswer> {
    const effect = options.effect ?? 'write';
    const texts = values.map(prepareValue);
    if (effect !== 'reusable') return (await this.send(statement, texts, options.prepare, effect === 'write')).answer;
    if (this.closed) throw closing(); // not answered from memory once the store is gone
    const key = keyOf(statement, texts);
    const kept = await this.kept.find(key);
    if (kept) return kept;
    const { answer, writes } = await this.send(statement, texts, options.prepare, false);
    this.kept.keep(key, writes, answer);
    return answer;
  }

  /**
   * A native statement's exchange: its rows, and the count of possible writes when it ran (its
   * own included, if it may write).
   */
  private async send(
    statement: PgStatement,
    texts: readonly (string | Buffer | null)[],
    prepare: boolean,
    writes: boolean,
  ): Promise<{ readonly answer: SqlAnswer; readonly writes: number }> {
    const name = prepare ? `direct_${statement.name}` : '';
    let parsing = false;
    let known: RowShape | null = null;
    let writesWhenRun = -1;
    const answer = await this.exchange(this.directReads, writes, () => {
      writesWhenRun = this.writes;
      parsing = name === '' || !this.prepared.has(name);
      known = parsing ? null : (this.prepared.get(name) ?? null);
      if (parsing && name !== '') this.prepared.set(name, null);
      return Buffer.concat([
        ...(parsing ? [serialize.parse({ name, text: statement.text, types: [] })] : []),
        serialize.bind({ statement: name, values: [...texts] }),
        // A prepared statement's columns cannot change (PostgreSQL refuses to run it if they
        // would), so they are described once.
        ...(known === null ? [serialize.describe({ type: 'P' })] : []),
        serialize.execute({}),
        serialize.sync(),
      ]);
    });
    const { rows, shape, error, parseComplete } = decodeAnswer(answer, known);
    const columns = shape?.names ?? [];
    if (parsing && !parseComplete) this.prepared.delete(name);
    else if (name !== '' && known === null && shape !== null && this.prepared.has(name)) this.prepared.set(name, shape);
    if (error) throw error;
    return { answer: { columns, rows }, writes: writesWhenRun };
  }

  /** Ends every connection; what is waiting fails as a lost connection does (the store is unavailable). */
  close(): void {
    this.closed = true;
    // Failed first: a connection's end would let the next of them run.
    for (const exchange of this.waiting.splice(0)) exchange.done(closing());
    for (const connection of this.connections) connection.destroy();
  }

  /** @internal Queues an exchange (that may write, or only reads); resolves with PGlite's answer. */
  exchange(from: Holder, writes: boolean, bytes: () => Uint8Array): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(closing());
    return new Promise((resolve, reject) => {
      this.waiting.push({ from, writes, bytes, done: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)) });
      void this.drain();
    });
  }

  /**
   * @internal A new connection starts a clean session, as on a server: PGlite keeps one session
   * for all, so what an earlier connection left (its prepared statements, settings) is discarded.
   */
  startFresh(): void {
    this.runNow('discard all');
    this.prepared.clear();
    this.genericPlans = false;
  }

  /** @internal The connection is gone: its waiting exchanges fail, its transaction is rolled back. */
  release(connection: PgliteConnection): void {
    this.connections.delete(connection);
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const exchange = this.waiting[i]!;
      if (exchange.from === connection) {
        this.waiting.splice(i, 1);
        exchange.done(new Error('connection closed'));
      }
    }
    if (this.holder === connection) {
      this.holder = null;
      this.runNow('rollback');
      void this.drain();
    }
  }

  /**
   * One call into PGlite, its answer as raw bytes. Through the raw stream: without a callback of
   * its own PGlite would also decode every message of the answer, which we decode ourselves (or
   * pg does), at about a quarter of an embedded list's cost. The chunks it hands over are views
   * of WebAssembly memory, hence the copies.
   */
  private async call(bytes: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await this.db.execProtocolRawStream(bytes, { onRawData: (chunk) => chunks.push(chunk.slice()) });
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  /**
   * Native reads run on generic plans, everything else as PostgreSQL chooses. A native read is
   * a prepared statement compiled from code (indexed pages and rows); left to choose, PostgreSQL
   * kept planning each execution afresh (a LIMIT parameter makes the generic plan's estimate look
   * dearer), and planning in WebAssembly on this thread was about a fifth of an agent list.
   * Switched only between exchanges with the session free, so never inside a transaction, and
   * only when the kind of exchange changes (never while reads run back to back).
   */
  private plansFor(from: Holder): void {
    const generic = from === this.directReads;
    if (this.holder !== null || generic === this.genericPlans) return;
    this.runNow(generic ? 'set plan_cache_mode = force_generic_plan' : 'reset plan_cache_mode');
    this.genericPlans = generic;
  }

  /** A simple statement whose answer nobody reads, run at once (between exchanges). */
  private runNow(sql: string): void {
    // Its failure is not lost: PGlite fails only when the database is gone, and then the next
    // exchange fails too, to a client who is waiting for it. Unhandled, it would end the process.
    this.call(serialize.query(sql)).catch(() => undefined);
  }

  /**
   * Runs the waiting exchanges. Each answer resolves its client's promise, which often sends the
   * next statement at once: without the yield, a busy session would chain exchanges in
   * microtasks for as long as clients keep sending (across drains: each client's next statement
   * starts one), and no socket, timer or request of the process would run meanwhile. So once
   * exchanges have run for {@link SLICE_MS} since the event loop last turned, it lets it turn.
   */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (;;) {
        if (this.sliceStart !== null && performance.now() - this.sliceStart >= SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (this.sliceStart === null) {
          this.sliceStart = performance.now();
          setImmediate(() => (this.sliceStart = null)); // the event loop has turned
        }
        const index = this.holder === null ? (this.waiting.length > 0 ? 0 : -1) : this.waiting.findIndex((e) => e.from === this.holder);
        if (index < 0) return;
        const [next] = this.waiting.splice(index, 1);
        let answer: Uint8Array | Error;
        try {
          this.plansFor(next!.from);
          if (next!.writes) this.writes += 1;
          answer = await this.call(next!.bytes());
          this.holder = leavesSessionHeld(answer) ? next!.from : null;
        } catch (error) {
          answer = error instanceof Error ? error : new Error(String(error));
        }
        // Nobody is left to end what the session is held for: a connection that went away while
        // its exchange ran, or a native read (always closed by its Sync; this is a safeguard).
        const held = this.holder;
        if (held !== null && (held === this.directReads || !(held instanceof PgliteConnection && this.connections.has(held)))) {
          this.holder = null;
          this.runNow('rollback');
        }
        next!.done(answer);
      }
    } finally {
      this.draining = false;
    }
  }
}

/** A reusable read's key: its statement and its values as sent. */
const keyOf = (statement: PgStatement, texts: readonly (string | Buffer | null)[]): string =>
  `${statement.name}\u0000${JSON.stringify(texts.map((text) => (Buffer.isBuffer(text) ? { bytes: text.toString('base64') } : text)))}`;
