import * as t from 'io-ts';
import { explainUnanswered, UNANSWERED_KINDS, type UnansweredKind, type UnansweredReason } from '../../../application/events/unanswered-turn.js';
import { nullable, valuesIn, type Wire } from './schema.js';

const UnansweredKindView = valuesIn<UnansweredKind>(UNANSWERED_KINDS);

/** The SSE stream's `unanswered` event: a caller's turn the agent did not answer, why, and what to change. */
export const UnansweredView = t.intersection([
  t.type({
    callId: t.string,
    /** The caller's turn (its `id` in the `turn` events). */
    turnSequence: t.number,
    reason: UnansweredKindView,
    message: t.string,
    fix: t.string,
  }),
  t.partial({ httpStatus: nullable(t.number), error: t.string, timeoutSeconds: t.number }),
]);

export const unansweredView = (callId: string, agentId: string | null, turnSequence: number, reason: UnansweredReason): Wire<typeof UnansweredView> => {
  const { kind, ...details } = reason;
  return { callId, turnSequence, reason: kind, ...explainUnanswered(reason, agentId), ...details };
};
