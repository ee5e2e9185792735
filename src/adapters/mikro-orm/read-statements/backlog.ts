import { readStatement } from '../read-session.js';

export interface BacklogRow {
  readonly outboxDepth: number;
  readonly outboxOldest: Date | null;
  readonly analysesDepth: number;
  readonly analysesOldest: Date | null;
}

/**
 * The pending deliveries and analyses, counted and their oldest found through the indexes that
 * lead with `status` (the dispatcher's and the analyst's claims use the same ones).
 */
export const backlogStatement = readStatement<Record<string, never>, BacklogRow>(
  'backlog',
  `
select
  (select count(*)::int from webhook_deliveries where status = 'pending') as outbox_depth,
  (select min(created_at) from webhook_deliveries where status = 'pending') as outbox_oldest,
  (select count(*)::int from call_analyses where status = 'pending') as analyses_depth,
  (select min(created_at) from call_analyses where status = 'pending') as analyses_oldest`,
  'read',
  (r) => ({
    outboxDepth: r.integer('outbox_depth'),
    outboxOldest: r.instantOrNull('outbox_oldest'),
    analysesDepth: r.integer('analyses_depth'),
    analysesOldest: r.instantOrNull('analyses_oldest'),
  }),
);
