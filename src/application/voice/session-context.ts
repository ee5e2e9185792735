import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import type { Webhook } from '../../domain/webhook.js';

/**
 * What a session knows of its call; the webhook is refreshed now and then, off the hot path. A
 * handoff replaces all three: the call goes on with another agent.
 */
export interface SessionContext {
  call: Call;
  agent: Agent | null;
  webhook: Webhook | null;
}
