import type { Webhook } from '../../domain/webhook.js';
import type { DeliveryStatus, WebhookDelivery, WebhookEventType } from '../../domain/webhook-delivery.js';

/**
 * Part of `Repositories` (as `webhooks` and `deliveries`), bound to the unit of work:
 * a delivery is queued in the same transaction as the change that caused it (the outbox).
 */
/** Whose events: an agent of a project, or (`agentId` null) the project's default. */
export interface EndpointOwner {
  readonly projectId: string;
  readonly agentId: string | null;
}

export interface WebhookRepository {
  findForAgent(projectId: string, agentId: string): Promise<Webhook | null>;
  findDefault(projectId: string): Promise<Webhook | null>;
  /**
   * Where each agent's events go, in one read: its own webhook if it has one, else the project's
   * default (`agentId` null: the default), else null. The same as `chooseEndpoint` over the two
   * lookups. One answer per owner, in the order of `owners`.
   */
  findEndpoints(owners: readonly EndpointOwner[]): Promise<readonly (Webhook | null)[]>;
  /** The webhooks with these ids, whatever their project (the dispatcher resolves targets). */
  findByIds(ids: readonly string[]): Promise<readonly Webhook[]>;
  /** Throws DuplicateKey when the project already has a webhook for the same agent (or default). */
  save(webhook: Webhook): Promise<void>;
  delete(projectId: string, id: string): Promise<void>;
}

/** One row of the attempt log: what happened when the delivery was sent once. */
export interface DeliveryAttempt {
  readonly deliveryId: string;
  /** 1-based. */
  readonly attempt: number;
  readonly attemptedAt: Date;
  readonly httpStatus: number | null;
  readonly errorMessage: string | null;
  readonly durationMs: number;
}

/** A delivery after one more attempt, and the log row of that attempt. */
export interface RecordedAttempt {
  readonly delivery: WebhookDelivery;
  readonly attempt: DeliveryAttempt;
}

/** Deliveries created in one hour (truncated, UTC), of one event type, in one status. */
export interface DeliveryCount {
  readonly hour: Date;
  readonly eventType: WebhookEventType;
  readonly status: DeliveryStatus;
  readonly count: number;
}

export interface DeliveryTotals {
  readonly total: number;
  readonly success: number;
  readonly failed: number;
  readonly pending: number;
}

export interface DeliveryRepository {
  /**
   * Queues the events (one statement): each row is an outbox entry and, later, its delivery log.
   * `heldUntil` keeps them from every claim until then, as a claim's lease does: the process
   * that queued them sends them itself (see EventHandOff).
   */
  enqueue(deliveries: readonly WebhookDelivery[], heldUntil?: Date | null): Promise<void>;
  findById(projectId: string, id: string): Promise<WebhookDelivery | null>;
  /**
   * Takes up to `limit` pending deliveries due at `now` that nobody holds, oldest due first,
   * and holds them for `leaseMs` (rows other transactions hold are skipped, not waited for).
   * The hold is released by {@link recordAttempts} or when the lease runs out.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<readonly WebhookDelivery[]>;
  /** Stores each delivery's new state (releasing its lease) and appends its attempt row. */
  recordAttempts(attempts: readonly RecordedAttempt[]): Promise<void>;
  /** Stores a delivery's status and next attempt as the operator changed them (a redelivery). */
  reschedule(delivery: WebhookDelivery): Promise<void>;
  /** Oldest first. */
  listAttempts(deliveryId: string): Promise<readonly DeliveryAttempt[]>;
  /** Counts of deliveries created since `since`, by hour, event type and status. */
  stats(projectId: string, since: Date): Promise<readonly DeliveryCount[]>;
  allTime(projectId: string): Promise<DeliveryTotals>;
}

/** Tells the dispatcher that a committed unit of work queued something to send now. */
export interface DeliveryTrigger {
  poke(): void;
}

/** A queued event and where it goes, as a dispatcher sends it. */
export interface QueuedEvent {
  readonly delivery: WebhookDelivery;
  readonly webhook: Webhook;
}

/** Sends the events a unit of work queued; run once it has committed, never after a rollback. */
export type SendAfterCommit = () => void;

/**
 * Where the events of a unit of work go: into the outbox with it, and on their way once it has
 * committed. How they travel is the hand-off's business: this process's dispatcher may take
 * them at once (they skip the claim, a round trip to the outbox and the wait for it, while
 * their rows, held by its lease, still guarantee them should the process die before sending),
 * or any dispatcher claims them.
 */
export interface EventHandOff {
  /** Inside the unit of work: writes the events to its `outbox` (one statement). */
  queue(outbox: DeliveryRepository, events: readonly QueuedEvent[]): Promise<SendAfterCommit>;
}
