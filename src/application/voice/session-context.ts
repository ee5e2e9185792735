import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import type { Webhook } from '../../domain/webhook.js';

/** What a session knows of its call; the webhook is refreshed now and then, off the hot path. */
export interface SessionContext {
  readonly call: Call;
  readonly agent: Agent | null;
  webhook: Webhook | null;
}
