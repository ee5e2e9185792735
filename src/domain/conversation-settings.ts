import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';

/**
 * How an agent takes turns, hears and speaks on a call: AgentPhone's conversation fields
 * (`interruptionSensitivity`, `enableBackchannel`, `sttMode`, …) and Switchboard's own
 * (`endOfTurnTimeoutMs`, `hints`, `languages`, …). The carrier adapter maps them onto its own
 * session settings; what it cannot honour is reported by {@link unsupportedSettings}.
 */
export const INTERRUPTIBLE_BY = ['none', 'dtmf', 'speech', 'any'] as const;
export type InterruptibleBy = (typeof INTERRUPTIBLE_BY)[number];
export const DENOISING_MODES = ['noise-cancellation', 'noise-and-background-speech-cancellation'] as const;
export type DenoisingMode = (typeof DENOISING_MODES)[number];
export const STT_MODES = ['fast', 'accurate'] as const;
export type SttMode = (typeof STT_MODES)[number];
export const MODEL_TIERS = ['turbo', 'balanced', 'max'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];
export const AMBIENT_SOUNDS = ['none', 'office', 'coffee-shop', 'outdoor'] as const;
export type AmbientSound = (typeof AMBIENT_SOUNDS)[number];

/** One language the agent may speak, with its own voice and (optionally) its own transcription. */
export interface AgentLanguage {
  /** BCP-47, e.g. `es-ES`. */
  readonly code: string;
  /** A catalog voice id, `Provider.voice`. */
  readonly voice: string;
  readonly transcriptionProvider: string | null;
  readonly speechModel: string | null;
}

export interface ConversationSettings {
  /** 0 (hard to interrupt) … 1 (the first sound interrupts). */
  readonly interruptionSensitivity: number;
  readonly enableBackchannel: boolean;
  /** null: no noise reduction. */
  readonly denoisingMode: DenoisingMode | null;
  readonly sttMode: SttMode;
  /** Speech rate multiplier; null: the voice's own. Only ElevenLabs voices take it. */
  readonly voiceSpeed: number | null;
  readonly modelTier: ModelTier;
  /** A hosted agent may text the caller during the call (`send_text`). */
  readonly enableMessaging: boolean;
  /** Caller silence that ends the caller's turn; null: the carrier's own. */
  readonly endOfTurnTimeoutMs: number | null;
  /** Words and phrases the transcription should expect (names, products). */
  readonly hints: readonly string[];
  readonly interruptible: InterruptibleBy;
  readonly greetingInterruptible: InterruptibleBy;
  readonly profanityFilter: boolean;
  /** Languages besides the agent's own that a call may switch to; empty: one language. */
  readonly languages: readonly AgentLanguage[];
  /** Accepted and kept for AgentPhone clients; ConversationRelay mixes no ambience in. */
  readonly ambientSound: AmbientSound;
}

/** The settings one call (or each call of a campaign) may set over its agent's. */
export const TURN_TAKING_FIELDS = ['interruptionSensitivity', 'enableBackchannel', 'endOfTurnTimeoutMs', 'interruptible', 'greetingInterruptible'] as const;
export type TurnTaking = Pick<ConversationSettings, (typeof TURN_TAKING_FIELDS)[number]>;

export const CONVERSATION_LIMITS = {
  interruptionSensitivity: { min: 0, max: 1 },
  /** What ElevenLabs' voice settings take. */
  voiceSpeed: { min: 0.7, max: 1.2 },
  endOfTurnTimeoutMs: { min: 100, max: 10_000 },
  hints: { maxCount: 500, maxLength: 100 },
  languages: { maxCount: 10 },
} as const;

export const DEFAULT_CONVERSATION: ConversationSettings = {
  interruptionSensitivity: 0.8,
  enableBackchannel: true,
  denoisingMode: null,
  sttMode: 'fast',
  voiceSpeed: null,
  modelTier: 'balanced',
  enableMessaging: false,
  endOfTurnTimeoutMs: null,
  hints: [],
  interruptible: 'any',
  greetingInterruptible: 'any',
  profanityFilter: true,
  languages: [],
  ambientSound: 'none',
};

type SentSettings = { readonly [K in keyof ConversationSettings]?: ConversationSettings[K] | null };

/**
 * The settings a request sent, as changes: absent ones are no change, and a null one goes back
 * to its default (AgentPhone's client sends null for a setting left unset).
 */
export const conversationChangesOf = (sent: SentSettings): Partial<ConversationSettings> => {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_CONVERSATION) as (keyof ConversationSettings)[]) {
    const value = sent[key];
    if (value !== undefined) changes[key] = value === null ? DEFAULT_CONVERSATION[key] : value;
  }
  return changes as Partial<ConversationSettings>;
};

/** `ElevenLabs.UgBBYS2sOqTuMpoF3BR0` → `ElevenLabs`; a bare voice has no provider of its own. */
export const voiceProvider = (voice: string): string | null => {
  const dot = voice.indexOf('.');
  return dot > 0 ? voice.slice(0, dot) : null;
};

const inRange = (field: 'interruptionSensitivity' | 'voiceSpeed' | 'endOfTurnTimeoutMs', value: number | null): InvalidField | null => {
  const { min, max } = CONVERSATION_LIMITS[field];
  if (value === null || (Number.isFinite(value) && value >= min && value <= max)) return null;
  return invalidField(field, `must be a number from ${min} to ${max}`);
};

/**
 * The settings with `changes` applied (absent fields keep theirs; `voiceSpeed`,
 * `denoisingMode` and `endOfTurnTimeoutMs` null clear), checked against the agent's voice:
 * a speed needs a voice whose provider takes one.
 */
export const changeConversation = (
  current: ConversationSettings,
  changes: Partial<ConversationSettings>,
  voice: string,
): E.Either<InvalidField, ConversationSettings> => {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<ConversationSettings>;
  const next: ConversationSettings = { ...current, ...defined };
  const problem =
    inRange('interruptionSensitivity', next.interruptionSensitivity) ??
    inRange('voiceSpeed', next.voiceSpeed) ??
    inRange('endOfTurnTimeoutMs', next.endOfTurnTimeoutMs);
  if (problem) return E.left(problem);
  if (next.hints.length > CONVERSATION_LIMITS.hints.maxCount) {
    return E.left(invalidField('hints', `must have at most ${CONVERSATION_LIMITS.hints.maxCount} entries`));
  }
  if (next.hints.some((hint) => hint.trim() === '' || hint.includes(','))) {
    return E.left(invalidField('hints', 'must not contain empty entries or commas'));
  }
  if (next.hints.some((hint) => hint.length > CONVERSATION_LIMITS.hints.maxLength)) {
    return E.left(invalidField('hints', `must be phrases of at most ${CONVERSATION_LIMITS.hints.maxLength} characters`));
  }
  if (next.languages.length > CONVERSATION_LIMITS.languages.maxCount) {
    return E.left(invalidField('languages', `must be a list of at most ${CONVERSATION_LIMITS.languages.maxCount} languages`));
  }
  const blank = next.languages.findIndex((language) => language.code.trim() === '' || language.voice.trim() === '');
  if (blank >= 0) return E.left(invalidField(`languages.${blank}`, 'needs a code and a voice'));
  if (next.voiceSpeed !== null && voiceProvider(voice) !== 'ElevenLabs') {
    return E.left(invalidField('voiceSpeed', `is only taken by ElevenLabs voices; the agent's voice ${voice} is ${voiceProvider(voice) ?? "the carrier's default provider"}'s`));
  }
  const codes = next.languages.map((language) => language.code.toLowerCase());
  if (new Set(codes).size !== codes.length) return E.left(invalidField('languages', 'must name each language once'));
  return E.right({ ...next, hints: next.hints.map((hint) => hint.trim()) });
};

/** The agent's (or call's) settings, defaults filled in (those stored before these settings existed have none). */
export const conversationOf = (holder: { readonly conversation?: ConversationSettings } | null): ConversationSettings =>
  holder?.conversation ?? DEFAULT_CONVERSATION;

/**
 * What this server honours of the settings that depend on its configuration: the model tiers
 * the operator gave a model of their own (`balanced` always has one, the default model).
 */
export interface ConversationSupport {
  readonly modelTiers: readonly ModelTier[];
}

/** Every tier honoured: what a server with no hosted model configuration claims by default. */
export const FULL_CONVERSATION_SUPPORT: ConversationSupport = { modelTiers: MODEL_TIERS };

/**
 * The settings a call cannot honour as set, by field name, so a read says so instead of dropping
 * them silently: an ambience (ConversationRelay mixes none in), a model tier without a model of
 * its own here (its calls use the default model).
 */
export const unsupportedSettings = (settings: ConversationSettings, support: ConversationSupport): readonly string[] => [
  ...(settings.ambientSound !== 'none' ? ['ambientSound'] : []),
  ...(support.modelTiers.includes(settings.modelTier) ? [] : ['modelTier']),
];

/** The language a call may switch to: the agent's own or one of its `languages` (matched case-insensitively). */
export const switchableLanguage = (
  own: { readonly language: string; readonly voice: string },
  settings: ConversationSettings,
  requested: string,
): AgentLanguage | { readonly code: string; readonly voice: string } | null => {
  const wanted = requested.trim().toLowerCase();
  if (own.language.toLowerCase() === wanted) return { code: own.language, voice: own.voice };
  return settings.languages.find((language) => language.code.toLowerCase() === wanted) ?? null;
};
