import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import type { Webhook } from '../../domain/webhook.js';

/** What answering a call read: the call in progress, its agent and the webhook its events go to. */
export interface AnswerRead {
  readonly call: Call;
  readonly agent: Agent | null;
  readonly webhook: Webhook | null;
}

/** Hears, on the node that answered a call, what its answer read. */
export interface CallAnsweredListener {
  /**
   * The call was just answered here, in progress: its session, if its media connects to this
   * node within a few seconds, opens on what the answer read instead of reading it again.
   */
  answered(read: AnswerRead): void;
}
