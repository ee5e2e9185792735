import * as t from 'io-ts';
import {
  AMBIENT_SOUNDS,
  CONVERSATION_LIMITS as L,
  conversationChangesOf,
  DENOISING_MODES,
  INTERRUPTIBLE_BY,
  MODEL_TIERS,
  STT_MODES,
  type ConversationSettings,
  type TurnTaking,
} from '../../../domain/conversation-settings.js';
import { wholeNumber } from './call-behaviour.js';
import { nullable, oneOf } from './common.js';
import { describedAs, describedWith } from './described.js';
import { boundedText, labelText } from './text.js';

/** A JSON number from `min` to `max` (fractions allowed), with the range in the error. */
const numberFrom = (min: number, max: number) =>
  describedAs(new t.Type<number, number, unknown>(
    `number from ${min} to ${max}`,
    (u): u is number => typeof u === 'number' && u >= min && u <= max,
    (u, c) => (typeof u === 'number' && Number.isFinite(u) && u >= min && u <= max ? t.success(u) : t.failure(u, c, `must be a number from ${min} to ${max}`)),
    t.identity,
  ), { type: 'number', minimum: min, maximum: max });

const hint = boundedText(L.hints.maxLength);
const Hints = describedWith(new t.Type<readonly string[], readonly string[], unknown>(
  `up to ${L.hints.maxCount} hints`,
  (u): u is readonly string[] => Array.isArray(u) && u.every((h) => typeof h === 'string'),
  (u, c) => (!Array.isArray(u) || u.length > L.hints.maxCount ? t.failure(u, c, `must be a list of at most ${L.hints.maxCount} phrases`) : t.array(hint).validate(u, c)),
  t.identity,
), (describe) => ({ type: 'array', maxItems: L.hints.maxCount, items: describe(hint) }));

/** One extra language: its BCP-47 code and the voice (required) it speaks with there. */
const LanguageBody = t.intersection([
  t.type({ code: labelText, voice: labelText }),
  t.partial({ transcriptionProvider: nullable(labelText), speechModel: nullable(labelText) }),
], 'AgentLanguage');
const Languages = describedWith(new t.Type<t.TypeOf<typeof LanguageBody>[], unknown, unknown>(
  `up to ${L.languages.maxCount} languages`,
  (u): u is t.TypeOf<typeof LanguageBody>[] => t.array(LanguageBody).is(u),
  (u, c) => (!Array.isArray(u) || u.length > L.languages.maxCount ? t.failure(u, c, `must be a list of at most ${L.languages.maxCount} languages`) : t.array(LanguageBody).validate(u, c)),
  t.identity,
), (describe) => ({ type: 'array', maxItems: L.languages.maxCount, items: describe(LanguageBody) }));

/** The turn-taking fields, which a call may also set for itself. */
export const turnTakingFields = {
  interruptionSensitivity: nullable(numberFrom(L.interruptionSensitivity.min, L.interruptionSensitivity.max)),
  enableBackchannel: nullable(t.boolean),
  endOfTurnTimeoutMs: nullable(wholeNumber(L.endOfTurnTimeoutMs.min, L.endOfTurnTimeoutMs.max)),
  interruptible: oneOf(INTERRUPTIBLE_BY),
  greetingInterruptible: oneOf(INTERRUPTIBLE_BY),
};

/** The agent body's conversation fields (create and update), AgentPhone's names first. */
export const conversationFields = {
  ...turnTakingFields,
  denoisingMode: nullable(oneOf(DENOISING_MODES)),
  sttMode: oneOf(STT_MODES),
  voiceSpeed: nullable(numberFrom(L.voiceSpeed.min, L.voiceSpeed.max)),
  modelTier: oneOf(MODEL_TIERS),
  enableMessaging: nullable(t.boolean),
  hints: Hints,
  profanityFilter: t.boolean,
  languages: Languages,
  ambientSound: oneOf(AMBIENT_SOUNDS),
};

type ConversationBody = { readonly [K in keyof typeof conversationFields]?: t.TypeOf<(typeof conversationFields)[K]> };

/** The fields sent, as changes (null: back to the default); undefined when none was sent. */
export const conversationChanges = (body: ConversationBody): Partial<ConversationSettings> | undefined => {
  const changes = conversationChangesOf({
    ...body,
    languages: body.languages?.map((l) => ({ code: l.code, voice: l.voice, transcriptionProvider: l.transcriptionProvider ?? null, speechModel: l.speechModel ?? null })),
  });
  return Object.keys(changes).length === 0 ? undefined : changes;
};

type TurnTakingBody = { readonly [K in keyof typeof turnTakingFields]?: t.TypeOf<(typeof turnTakingFields)[K]> };

/** One call's own turn-taking settings, of those sent; undefined when none was. */
export const turnTakingOverrides = (body: TurnTakingBody): Partial<TurnTaking> | undefined =>
  conversationChanges(Object.fromEntries(Object.keys(turnTakingFields).map((key) => [key, body[key as keyof TurnTakingBody]])) as TurnTakingBody);
