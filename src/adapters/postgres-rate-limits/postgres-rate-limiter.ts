import pg from 'pg';
import { DependencyUnavailable } from '../../application/ports/dependency-unavailable.js';
import type { Logger } from '../../application/ports/logger.js';
import type { RateDecision, RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';

/** Made by the migration `Migration20261124070000_rate_limit_windows`. */
export const RATE_LIMIT_WINDOWS_TABLE = 'rate_limit_windows';

/** How often counts are shared while there is something to share. */
export const DEFAULT_SYNC_INTERVAL_MS = 100;

/** How often windows that have ended are deleted from the table (by whichever node syncs). */
const SWEEP_INTERVAL_MS = 60_000;

export interface PostgresRateLimiterOptions {
  readonly databaseUrl: string;
  /** How often this node shares its counts, while it has any (default {@link DEFAULT_SYNC_INTERVAL_MS}). */
  readonly syncIntervalMs?: number;
  /** Default {@link RATE_LIMIT_WINDOWS_TABLE}; a plain lowercase identifier with its columns. */
  readonly tableName?: string;
  /** Told when sharing fails and when it works again; never per request. */
  readonly logger?: Logger;
  /** Milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

/** One key's current window under one rule, as this node knows it. */
interface Window {
  /** Milliseconds since the epoch: a multiple of the rule's window, the same on every node. */
  readonly end: number;
  readonly limit: number;
  /** The window's total over every node as of this node's last sync of it (its own synced points included). */
  synced: number;
  /** Counted here and in the sync under way. */
  sending: number;
  /** Counted here since, not yet sent. */
  pending: number;
}

interface SyncRow {
  key: string;
  window_end: Date;
  points: number;
  points_limit: number;
}

/**
 * Counts in PostgreSQL, shared by every node on the same database, with no round trip on the
 * request path: each node decides from the window's total as of its last sync plus what it has
 * counted since, and every `syncIntervalMs` (while it has counted or been asked anything) sends
 * its new points in one statement that adds them to the stored totals, returns the new totals,
 * and returns every key whose current window is spent on any node (what `peek` refuses).
 *
 * Windows are fixed and aligned to the epoch (a window of w seconds ends at the next multiple of
 * w), so every node agrees on them. Between two of its syncs a node admits at most the rule's
 * points minus the total it last saw: N nodes together may admit up to N times what one admits
 * in one interval beyond the limit, and none admits more once it has synced past it.
 *
 * When the store cannot be reached, decisions go on from local counts; the points not sent stay
 * pending and are sent with the next sync that works.
 */
export class PostgresRateLimiter implements RateLimiter {
  /** By rule-prefixed key: its current window (a window that has ended is forgotten). */
  private readonly windows = new Map<string, Window>();
  /** Rule-prefixed keys whose window is spent over all nodes, as of the last sync: the window's end. */
  private spent = new Map<string, number>();
  /** Something was counted or asked since the last sync started. */
  private active = false;
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private lastSweep = Number.NEGATIVE_INFINITY;
  private failing = false;
  private closed = false;
  private readonly statement: string;
  private readonly syncIntervalMs: number;
  private readonly now: () => number;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly table: string,
    private readonly options: PostgresRateLimiterOptions,
  ) {
    this.syncIntervalMs = options.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
    this.now = options.now ?? Date.now;
    // Rows are locked in one order (key, then window) so that two nodes' syncs never deadlock.
    // The CTE's rows are not visible to the second select: keys this sync spent come from its own rows.
    this.statement = `with sent as (
        insert into ${table} as t (key, window_end, points, points_limit)
        select key, window_end, points, points_limit
          from unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[]) as u (key, window_end, points, points_limit)
          order by key, window_end
        on conflict (key, window_end) do update set points = t.points + excluded.points
        returning t.key, t.window_end, t.points, t.points_limit
      )
      select key, window_end, points, points_limit from sent
      union all
      select key, window_end, points, points_limit from ${table} where points >= points_limit and window_end > now()`;
  }

  /** Opens a small pool of its own; the table must exist (the migrations have run). */
  static async open(options: PostgresRateLimiterOptions): Promise<PostgresRateLimiter> {
    const table = options.tableName ?? RATE_LIMIT_WINDOWS_TABLE;
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a plain lowercase identifier: ${table}`);
    // One sync at a time, and a sweep now and then: two connections are plenty.
    // A store that stops answering holds a sync (and close) for at most the timeouts; a sync that
    // timed out is sent again, so its points may count twice: erring towards refusing.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
    pool.on('error', () => undefined); // an idle client's lost connection surfaces on the next sync
    try {
      await pool.query(`select 1 from ${table} limit 0`);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresRateLimiter(pool, table, options);
  }

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    const now = this.now();
    const end = windowEnd(now, rule);
    const id = ruleKey(key, rule);
    let window = this.windows.get(id);
    if (window?.end !== end) {
      window = { end, limit: rule.points, synced: 0, sending: 0, pending: 0 };
      this.windows.set(id, window);
    }
    this.touch();
    if (this.standing(id, end, rule.points, window) >= rule.points) return refused(now, end, rule);
    window.pending += 1;
    return allowed(rule);
  }

  async peek(key: string, rule: RateRule): Promise<RateDecision> {
    const now = this.now();
    const end = windowEnd(now, rule);
    const id = ruleKey(key, rule);
    const window = this.windows.get(id);
    this.touch(); // a node that only peeks still learns which keys other nodes have spent
    if (this.standing(id, end, rule.points, window?.end === end ? window : undefined) >= rule.points) return refused(now, end, rule);
    return allowed(rule);
  }

  /**
   * Sends the points counted here and learns the totals (what the timer does; tests await it).
   * Waits for a sync under way first. Rejects with DependencyUnavailable when the store cannot be
   * reached; the points stay pending.
   */
  async sync(): Promise<void> {
    while (this.syncing) await this.syncing.catch(() => undefined);
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const run = this.exchange();
    this.syncing = run;
    try {
      await run;
    } finally {
      this.syncing = null;
      if (this.active) this.schedule();
    }
  }

  /** Sends what is pending once (whether it works or not), then ends the pool. Leaves no timer. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.syncing?.catch(() => undefined);
    if ([...this.windows.values()].some((window) => window.pending > 0)) await this.sync().catch(() => undefined);
    await this.pool.end();
  }

  /** The window's total as far as this node knows: over all nodes at the last sync, plus its own since. */
  private standing(id: string, end: number, limit: number, window: Window | undefined): number {
    const known = Math.max(window?.synced ?? 0, this.spent.get(id) === end ? limit : 0);
    return known + (window ? window.sending + window.pending : 0);
  }

  private touch(): void {
    this.active = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.syncing || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sync().catch(() => undefined); // said once by exchange(); the points stay pending
    }, this.syncIntervalMs);
    this.timer.unref();
  }

  private async exchange(): Promise<void> {
    const now = this.now();
    this.active = false;
    for (const [id, window] of this.windows) if (window.end <= now) this.windows.delete(id);
    for (const [id, end] of this.spent) if (end <= now) this.spent.delete(id);

    const batch = [...this.windows].filter(([, window]) => window.pending > 0);
    for (const [, window] of batch) {
      window.sending = window.pending;
      window.pending = 0;
    }
    let rows: SyncRow[];
    try {
      const values = [
        batch.map(([id]) => id),
        batch.map(([, window]) => new Date(window.end).toISOString()),
        batch.map(([, window]) => window.sending),
        batch.map(([, window]) => window.limit),
      ];
      rows = (await this.pool.query<SyncRow>({ name: `${this.table}-sync`, text: this.statement, values })).rows;
    } catch (error) {
      for (const [, window] of batch) {
        window.pending += window.sending;
        window.sending = 0;
      }
      this.active = true; // try again
      if (!this.failing) {
        this.failing = true;
        this.options.logger?.warn({ err: error }, 'rate limit counts cannot be shared: each node decides from its own counts until the database answers');
      }
      throw new DependencyUnavailable('rate limit store', { cause: error });
    }
    if (this.failing) {
      this.failing = false;
      this.options.logger?.info({}, 'rate limit counts are shared again');
    }

    for (const [, window] of batch) window.sending = 0;
    const spent = new Map<string, number>();
    for (const row of rows) {
      const end = row.window_end.getTime();
      const window = this.windows.get(row.key);
      if (window?.end === end) window.synced = Math.max(window.synced, row.points);
      if (row.points >= row.points_limit && end > now) spent.set(row.key, end);
    }
    this.spent = spent;

    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      await this.pool.query(`delete from ${this.table} where window_end < now()`).catch(() => undefined);
    }
  }
}

const prefixes = new WeakMap<RateRule, string>();

/** Like rate-limiter-flexible's key prefix: a key counted under one rule never shares points with another. */
const ruleKey = (key: string, rule: RateRule): string => {
  let prefix = prefixes.get(rule);
  if (prefix === undefined) {
    prefix = `${rule.name.replace(/[^a-z0-9]+/gi, '-')}:${rule.points}/${rule.windowSeconds}s:`;
    prefixes.set(rule, prefix);
  }
  return prefix + key;
};

/** Windows are aligned to the epoch, so every node agrees where one ends. */
const windowEnd = (now: number, rule: RateRule): number => {
  const length = rule.windowSeconds * 1000;
  return (Math.floor(now / length) + 1) * length;
};

const allowed = (rule: RateRule): RateDecision => ({ allowed: true, retryAfterSeconds: 0, limit: rule.points, windowSeconds: rule.windowSeconds });

const refused = (now: number, end: number, rule: RateRule): RateDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)),
  limit: rule.points,
  windowSeconds: rule.windowSeconds,
});
