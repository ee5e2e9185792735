import type { MessageStatus } from '../../domain/message.js';

/**
 * The send of one outbound message, waiting for the carrier: the outbox row a text is queued
 * with, in the same unit of work as the message itself, so a text that was stored is sent (or
 * marked failed) whatever happens to the process that stored it.
 */
export interface PendingText {
  readonly messageId: string;
  readonly projectId: string;
  /**
   * How many senders took it before (the request that queued it counts as the first): above
   * zero, an earlier try may have reached the carrier and ended before its outcome was stored.
   */
  readonly attempts: number;
  readonly createdAt: Date;
}

/** Part of `Repositories` (as `outboundTexts`). */
export interface OutboundTextQueue {
  /**
   * Queues the send of a stored message, held until `heldUntil` by the process that queued it
   * (it sends the text itself, at once), with one attempt counted: a claim after the hold ran
   * out finds it attempted.
   */
  enqueue(text: Omit<PendingText, 'attempts'>, heldUntil: Date): Promise<void>;
  /**
   * Takes up to `limit` texts nobody holds at `now`, oldest first, holds them for `leaseMs` and
   * counts one more attempt (rows other units of work hold are skipped, not waited for). Each
   * comes back with the attempts made before this one.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<readonly PendingText[]>;
  /** The send is settled (accepted or failed): the text leaves the queue. */
  complete(messageId: string): Promise<void>;
  /** The texts still queued, oldest first, held or not (the operator's and the tests' view). */
  listPending(limit: number): Promise<readonly PendingText[]>;
}

/** How the first request with an idempotency key ended, as its retries answer again. */
export type KeptAnswer =
  | {
      readonly kind: 'accepted';
      /** The message's status, carrier id and error code as that first answer gave them. */
      readonly status: MessageStatus;
      readonly providerMessageId: string | null;
      readonly errorCode: string | null;
    }
  | { readonly kind: 'refused'; readonly message: string; readonly providerCode: string | null };

/** A client's idempotency key, bound to the message its first request stored. */
export interface IdempotencyKey {
  readonly projectId: string;
  readonly key: string;
  /** What the first request asked for, in canonical form: a retry must ask for the same. */
  readonly fingerprint: string;
  readonly messageId: string;
  readonly createdAt: Date;
  /** Null while the first request's send is under way (or its process died and a worker will finish it). */
  readonly answer: KeptAnswer | null;
}

/** Part of `Repositories` (as `idempotencyKeys`). Keys are scoped per project. */
export interface IdempotencyKeyRepository {
  find(projectId: string, key: string): Promise<IdempotencyKey | null>;
  /** Throws DuplicateKey when the project already has the key (two first requests raced). */
  insert(key: IdempotencyKey): Promise<void>;
  /** Keeps the answer on the key (if any) that sent this message. */
  recordAnswer(projectId: string, messageId: string, answer: KeptAnswer): Promise<void>;
  /** Deletes at most `limit` keys created before `before` and says how many it deleted. */
  deleteCreatedBefore(before: Date, limit: number): Promise<number>;
}
