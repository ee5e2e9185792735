import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';

/**
 * How an agent's calls behave beyond the conversation: voicemail, silence, length and warm
 * transfers. Names follow the hosted peers (`voicemailMessage`, `maxSilenceMs`).
 */
export interface CallBehaviour {
  /** Left on an answering machine after its beep (then the call hangs up); null: hang up without a message. */
  readonly voicemailMessage: string | null;
  /** Caller silence after which the agent says a closing line and hangs up (`silence_timeout`). */
  readonly maxSilenceMs: number;
  /** Caller silence after which the agent re-prompts (one of `idleMessages`, in turn). */
  readonly idleRepromptMs: number;
  readonly idleMessages: readonly string[];
  /** Any call ends politely after this long (`max_duration`). */
  readonly maxDurationSeconds: number;
  /** How long a warm transfer rings the human before the caller goes back to the agent. */
  readonly transferTimeoutSeconds: number;
}

export const CALL_BEHAVIOUR_LIMITS = {
  maxSilenceMs: { min: 10_000, max: 3_600_000 },
  idleRepromptMs: { min: 2_000, max: 3_600_000 },
  idleMessages: { maxCount: 10, maxLength: 500 },
  maxDurationSeconds: { min: 10, max: 43_200 },
  transferTimeoutSeconds: { min: 5, max: 120 },
} as const;

export const DEFAULT_CALL_BEHAVIOUR: CallBehaviour = {
  voicemailMessage: null,
  maxSilenceMs: 600_000,
  idleRepromptMs: 8_000,
  idleMessages: ['Are you still there?'],
  maxDurationSeconds: 3_600,
  transferTimeoutSeconds: 30,
};

/** Said before hanging up on a silent caller. */
export const SILENCE_FAREWELL = "I haven't heard from you, so I'll end the call now. Goodbye.";
/** Said before hanging up a call that a stopping node could not hand to another. */
export const SHUTDOWN_FAREWELL = "I'm sorry, I have to end this call now. Please call again in a minute. Goodbye.";
/** Said while the caller waits for a warm transfer's human. */
export const TRANSFER_HOLD_LINE = 'Please hold while I connect you.';
/** Said to the caller back with the agent after a warm transfer nobody took. */
export const TRANSFER_RETURN_LINE = "Sorry, I couldn't reach anyone just now. I'm back with you: how else can I help?";
/** Said when a call reaches its maximum length. */
export const DURATION_FAREWELL = "We've reached the time limit for this call, so I have to end it now. Thank you, goodbye.";

const within = (field: keyof typeof CALL_BEHAVIOUR_LIMITS, value: number): E.Either<InvalidField, number> => {
  const limits = CALL_BEHAVIOUR_LIMITS[field] as { readonly min: number; readonly max: number };
  return Number.isInteger(value) && value >= limits.min && value <= limits.max
    ? E.right(value)
    : E.left(invalidField(field, `must be a whole number from ${limits.min} to ${limits.max}`));
};

/** The behaviour with `changes` applied (absent fields keep theirs; `voicemailMessage: null` clears it), checked. */
export const changeCallBehaviour = (
  current: CallBehaviour,
  changes: Partial<CallBehaviour>,
): E.Either<InvalidField, CallBehaviour> => {
  const next: CallBehaviour = {
    voicemailMessage: changes.voicemailMessage !== undefined ? changes.voicemailMessage : current.voicemailMessage,
    maxSilenceMs: changes.maxSilenceMs ?? current.maxSilenceMs,
    idleRepromptMs: changes.idleRepromptMs ?? current.idleRepromptMs,
    idleMessages: changes.idleMessages ?? current.idleMessages,
    maxDurationSeconds: changes.maxDurationSeconds ?? current.maxDurationSeconds,
    transferTimeoutSeconds: changes.transferTimeoutSeconds ?? current.transferTimeoutSeconds,
  };
  for (const field of ['maxSilenceMs', 'idleRepromptMs', 'maxDurationSeconds', 'transferTimeoutSeconds'] as const) {
    const checked = within(field, next[field]);
    if (E.isLeft(checked)) return checked;
  }
  if (next.idleMessages.some((m) => m.trim() === '')) return E.left(invalidField('idleMessages', 'must not contain empty messages'));
  return E.right({ ...next, voicemailMessage: next.voicemailMessage?.trim() ? next.voicemailMessage : null });
};

/** The agent's behaviour, defaults filled in (agents stored before these settings existed have none). */
export const behaviourOf = (agent: { readonly callBehaviour?: CallBehaviour } | null): CallBehaviour =>
  agent?.callBehaviour ?? DEFAULT_CALL_BEHAVIOUR;
