/** Work waiting in one queue: how much, and since when the oldest of it waits (null when none does). */
export interface QueueBacklog {
  readonly depth: number;
  readonly oldestQueuedAt: Date | null;
}

/** The store's queues an operator watches: events not yet delivered (retries included), analyses not yet run. */
export interface Backlog {
  readonly webhookOutbox: QueueBacklog;
  readonly callAnalyses: QueueBacklog;
}

/** Reads what the queues hold, across every project: for the operator's figures, never for a project's answers. */
export interface BacklogQuery {
  backlog(): Promise<Backlog>;
}
