import type { Agent } from '../../../domain/agent.js';
import { behaviourOf } from '../../../domain/call-behaviour.js';

/** The agent's call-behaviour fields, defaults filled in. */
export const callBehaviourView = (agent: Agent) => {
  const b = behaviourOf(agent);
  return {
    voicemailMessage: b.voicemailMessage,
    maxSilenceMs: b.maxSilenceMs,
    idleRepromptMs: b.idleRepromptMs,
    idleMessages: [...b.idleMessages],
    maxDurationSeconds: b.maxDurationSeconds,
    transferTimeoutSeconds: b.transferTimeoutSeconds,
  };
};
