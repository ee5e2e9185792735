import type { Backlog, BacklogQuery, QueueBacklog } from '../../application/queries/backlog-query.js';
import type { InMemoryTables } from './in-memory-tables.js';

const backlogOf = (rows: Iterable<{ readonly status: string; readonly createdAt: Date }>): QueueBacklog => {
  let depth = 0;
  let oldest: Date | null = null;
  for (const row of rows) {
    if (row.status !== 'pending') continue;
    depth += 1;
    if (oldest === null || row.createdAt < oldest) oldest = row.createdAt;
  }
  return { depth, oldestQueuedAt: oldest };
};

/** The queues' backlog, a scan of the in-memory tables. */
export class InMemoryBacklogQuery implements BacklogQuery {
  constructor(private readonly tables: InMemoryTables) {}

  async backlog(): Promise<Backlog> {
    return { webhookOutbox: backlogOf(this.tables.deliveries.values()), callAnalyses: backlogOf(this.tables.callAnalyses.values()) };
  }
}
