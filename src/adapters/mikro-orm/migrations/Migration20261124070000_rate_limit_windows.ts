import { Migration } from '@mikro-orm/migrations';

/**
 * The PostgreSQL rate limiter's windows: per rule-prefixed key and epoch-aligned window end, the
 * points counted by every node (each node adds its own in batches) and the rule's limit, so the
 * keys spent in a current window can be found by the partial index.
 *
 * The library table `rate_limits` of the previous limiter is left alone: nodes still running the
 * previous version during a rolling restart count in it. A later migration may drop it.
 */
export class Migration20261124070000_rate_limit_windows extends Migration {
  override up(): void {
    this.addSql(`create table rate_limit_windows (
      key text collate "C" not null,
      window_end timestamptz not null,
      points integer not null,
      points_limit integer not null,
      primary key (key, window_end)
    )`);
    this.addSql('create index rate_limit_windows_spent_index on rate_limit_windows (window_end) where points >= points_limit');
  }

  override down(): void {
    this.addSql('drop table if exists rate_limit_windows');
  }
}
