import type { Backlog, BacklogQuery } from '../../application/queries/backlog-query.js';
import type { ReadSession } from './read-session.js';
import { backlogStatement } from './read-statements/index.js';

/** The queues' backlog in one statement, through the read session. */
export class MikroOrmBacklogQuery implements BacklogQuery {
  constructor(private readonly reads: ReadSession) {}

  async backlog(): Promise<Backlog> {
    const [row] = await this.reads.run(backlogStatement, {});
    if (!row) throw new Error('the backlog statement answered no row');
    return {
      webhookOutbox: { depth: row.outboxDepth, oldestQueuedAt: row.outboxOldest },
      callAnalyses: { depth: row.analysesDepth, oldestQueuedAt: row.analysesOldest },
    };
  }
}
