import {
  AMBIENT_SOUNDS,
  DEFAULT_CONVERSATION,
  DENOISING_MODES,
  INTERRUPTIBLE_BY,
  MODEL_TIERS,
  STT_MODES,
  type AgentLanguage,
  type ConversationSettings,
} from '../../domain/conversation-settings.js';

const oneOf = <V extends string>(values: readonly V[], value: unknown, fallback: V): V =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as V) : fallback;
const numberOr = <F>(value: unknown, fallback: F): number | F => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const booleanOr = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const languageOf = (value: unknown): AgentLanguage | null => {
  if (typeof value !== 'object' || value === null) return null;
  const l = value as Record<string, unknown>;
  if (typeof l.code !== 'string' || typeof l.voice !== 'string') return null;
  return { code: l.code, voice: l.voice, transcriptionProvider: textOrNull(l.transcriptionProvider), speechModel: textOrNull(l.speechModel) };
};

/** The stored JSON of conversation settings (an agent's or a call's); a field missing (stored by an older version) takes its default. */
export const conversationFromJson = (json: Record<string, unknown>): ConversationSettings => {
  const d = DEFAULT_CONVERSATION;
  return {
    interruptionSensitivity: numberOr(json.interruptionSensitivity, d.interruptionSensitivity),
    enableBackchannel: booleanOr(json.enableBackchannel, d.enableBackchannel),
    denoisingMode: (DENOISING_MODES as readonly unknown[]).includes(json.denoisingMode) ? (json.denoisingMode as ConversationSettings['denoisingMode']) : d.denoisingMode,
    sttMode: oneOf(STT_MODES, json.sttMode, d.sttMode),
    voiceSpeed: numberOr(json.voiceSpeed, null),
    modelTier: oneOf(MODEL_TIERS, json.modelTier, d.modelTier),
    enableMessaging: booleanOr(json.enableMessaging, d.enableMessaging),
    endOfTurnTimeoutMs: numberOr(json.endOfTurnTimeoutMs, null),
    hints: Array.isArray(json.hints) ? json.hints.filter((h): h is string => typeof h === 'string') : d.hints,
    interruptible: oneOf(INTERRUPTIBLE_BY, json.interruptible, d.interruptible),
    greetingInterruptible: oneOf(INTERRUPTIBLE_BY, json.greetingInterruptible, d.greetingInterruptible),
    profanityFilter: booleanOr(json.profanityFilter, d.profanityFilter),
    languages: Array.isArray(json.languages) ? json.languages.map(languageOf).filter((l): l is AgentLanguage => l !== null) : d.languages,
    ambientSound: oneOf(AMBIENT_SOUNDS, json.ambientSound, d.ambientSound),
  };
};

/** Settings as a JSON column's value. */
export const conversationToJson = (settings: ConversationSettings): Record<string, unknown> => ({
  ...settings,
  hints: [...settings.hints],
  languages: settings.languages.map((language) => ({ ...language })),
});
