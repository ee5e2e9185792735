import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AttemptOrigin } from '../../domain/audit-event.js';
import type { E164 } from '../../domain/e164.js';

/** An agent's text to a participant, from one of the agent's numbers (by id or by value). */
export interface OutgoingText {
  readonly projectId: string;
  readonly agentId: string;
  readonly to: E164;
  readonly body: string;
  readonly mediaUrls: readonly string[];
  readonly numberId: string | null;
  readonly fromNumber: E164 | null;
  /** Sends once per key: the same text asked for again (a replayed tool call) is not sent twice. */
  readonly idempotencyKey?: string | null;
  /** Who sends and by which way in: what a refusal goes on the audit trail with. */
  readonly origin: AttemptOrigin;
}

/**
 * Sends a text and keeps it on its thread: what a hosted agent's replies need of sending a
 * text. Its failure is only reported, so its shape is the sender's own.
 */
export interface TextSender {
  execute(text: OutgoingText): TE.TaskEither<unknown, unknown>;
}
