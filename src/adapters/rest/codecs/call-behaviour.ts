import * as t from 'io-ts';
import { CALL_BEHAVIOUR_LIMITS, type CallBehaviour } from '../../../domain/call-behaviour.js';
import { nullable } from './common.js';
import { describedAs, describedWith } from './described.js';
import { boundedText, MAX_LENGTH } from './text.js';

/** A JSON whole number from `min` to `max`, with the range in the error. */
export const wholeNumber = (min: number, max: number): t.Type<number, number, unknown> =>
  describedAs(new t.Type<number, number, unknown>(
    `integer from ${min} to ${max}`,
    (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
    (u, c) =>
      typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max ? t.success(u) : t.failure(u, c, `must be a whole number from ${min} to ${max}`),
    t.identity,
  ), { type: 'integer', minimum: min, maximum: max });

const L = CALL_BEHAVIOUR_LIMITS;

const idleMessage = boundedText(L.idleMessages.maxLength);
const IdleMessages = describedWith(new t.Type<readonly string[], readonly string[], unknown>(
  `up to ${L.idleMessages.maxCount} idle messages`,
  (u): u is readonly string[] => Array.isArray(u) && u.every((m) => typeof m === 'string'),
  (u, c) => {
    if (!Array.isArray(u) || u.length > L.idleMessages.maxCount) return t.failure(u, c, `must be a list of at most ${L.idleMessages.maxCount} texts`);
    const decoded = t.array(idleMessage).validate(u, c);
    return decoded;
  },
  t.identity,
), (describe) => ({ type: 'array', maxItems: L.idleMessages.maxCount, items: describe(idleMessage) }));

/** The agent body's call-behaviour fields (create and update), AgentPhone's names where it has them. */
export const callBehaviourFields = {
  voicemailMessage: nullable(boundedText(MAX_LENGTH.greeting)),
  maxSilenceMs: wholeNumber(L.maxSilenceMs.min, L.maxSilenceMs.max),
  idleRepromptMs: wholeNumber(L.idleRepromptMs.min, L.idleRepromptMs.max),
  idleMessages: IdleMessages,
  maxDurationSeconds: wholeNumber(L.maxDurationSeconds.min, L.maxDurationSeconds.max),
  transferTimeoutSeconds: wholeNumber(L.transferTimeoutSeconds.min, L.transferTimeoutSeconds.max),
};

type BehaviourBody = { readonly [K in keyof typeof callBehaviourFields]?: t.TypeOf<(typeof callBehaviourFields)[K]> };

/** The fields sent, as changes (`voicemailMessage: ""` or null clears it); undefined when none was sent. */
export const callBehaviourChanges = (body: BehaviourBody): Partial<CallBehaviour> | undefined => {
  const changes = Object.fromEntries(Object.entries(body).filter(([key, value]) => key in callBehaviourFields && value !== undefined));
  return Object.keys(changes).length === 0 ? undefined : (changes as Partial<CallBehaviour>);
};
