import { DEFAULT_CALL_BEHAVIOUR, type CallBehaviour } from '../../domain/call-behaviour.js';

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** The stored JSON of an agent's call behaviour; a field missing (stored by an older version) takes its default. */
export const callBehaviourFromJson = (json: Record<string, unknown>): CallBehaviour => {
  const d = DEFAULT_CALL_BEHAVIOUR;
  return {
    voicemailMessage: typeof json.voicemailMessage === 'string' ? json.voicemailMessage : null,
    maxSilenceMs: numberOr(json.maxSilenceMs, d.maxSilenceMs),
    idleRepromptMs: numberOr(json.idleRepromptMs, d.idleRepromptMs),
    idleMessages: Array.isArray(json.idleMessages) ? json.idleMessages.filter((m): m is string => typeof m === 'string') : d.idleMessages,
    maxDurationSeconds: numberOr(json.maxDurationSeconds, d.maxDurationSeconds),
    transferTimeoutSeconds: numberOr(json.transferTimeoutSeconds, d.transferTimeoutSeconds),
  };
};
