import pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DependencyUnavailable } from '../../application/ports/dependency-unavailable.js';
import { RuleLimiters } from './rule-limiters.js';

export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * Counts in PostgreSQL, shared by every node on the same database. The table is the
 * library's own (`key, points, expire`); `open` creates it if missing, before any request.
 */
export class PostgresRateLimiter extends RuleLimiters {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly tableName: string,
  ) {
    super();
  }

  static async open(options: { readonly databaseUrl: string; readonly tableName?: string }): Promise<PostgresRateLimiter> {
    const tableName = options.tableName ?? RATE_LIMIT_TABLE;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
    pool.on('error', () => undefined); // an idle client's lost connection surfaces on the next query
    try {
      // The library creates its table in the constructor and reports through the callback.
      await new Promise<void>((resolve, reject) => {
        new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName, keyPrefix: 'init', points: 1, duration: 1, clearExpiredByTimeout: false }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresRateLimiter(pool, tableName);
  }

  protected create(options: { keyPrefix: string; points: number; duration: number }) {
    return new RateLimiterPostgres({ ...options, storeClient: this.pool, storeType: 'pool', tableName: this.tableName, tableCreated: true });
  }

  protected storeFailure(error: unknown): unknown {
    return new DependencyUnavailable('rate limit store', { cause: error });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
