import * as t from 'io-ts';
import { DEFAULT_SPEECH_MODES, type SpeechModel, type SpeechModes } from '../adapters/twilio/conversation-relay-attributes.js';
import { MODEL_TIERS, type ConversationSupport, type ModelTier } from '../domain/conversation-settings.js';
import { optional } from './config-codecs.js';

type Env = Readonly<Record<string, string | undefined>>;

/** `Provider/model` (`Deepgram/nova-3-general`): a transcription provider and one of its speech models. */
export const SpeechModelFromEnv = new t.Type<SpeechModel, string, unknown>(
  'transcription provider/speech model',
  (u): u is SpeechModel => typeof u === 'object' && u !== null && 'transcriptionProvider' in u && 'speechModel' in u,
  (u, c) => {
    const match = typeof u === 'string' ? /^\s*([A-Za-z][\w-]*)\s*\/\s*(\S+)\s*$/.exec(u) : null;
    return match ? t.success({ transcriptionProvider: match[1]!, speechModel: match[2]! }) : t.failure(u, c, 'must be a transcription provider and speech model such as Deepgram/nova-3-general');
  },
  (m) => `${m.transcriptionProvider}/${m.speechModel}`,
);

/** `STT_FAST`, `STT_ACCURATE`: what each `sttMode` transcribes with; unset, {@link DEFAULT_SPEECH_MODES}. */
export const speechModesOf = (env: Env, problems: string[]): SpeechModes => ({
  fast: optional(SpeechModelFromEnv, env.STT_FAST, DEFAULT_SPEECH_MODES.fast, 'STT_FAST', problems),
  accurate: optional(SpeechModelFromEnv, env.STT_ACCURATE, DEFAULT_SPEECH_MODES.accurate, 'STT_ACCURATE', problems),
});

const text = (raw: string | undefined): string | null => (raw && raw.trim() !== '' ? raw.trim() : null);

/**
 * `LLM_MODEL_TURBO`, `LLM_MODEL_BALANCED`, `LLM_MODEL_MAX`: the model name a hosted agent of
 * that `modelTier` asks for. A tier left unset is absent here: its agents ask for `LLM_MODEL`.
 */
export const modelTiersOf = (env: Env): Partial<Record<ModelTier, string>> => {
  const tiers: Partial<Record<ModelTier, string>> = {};
  const turbo = text(env.LLM_MODEL_TURBO);
  const balanced = text(env.LLM_MODEL_BALANCED);
  const max = text(env.LLM_MODEL_MAX);
  if (turbo) tiers.turbo = turbo;
  if (balanced) tiers.balanced = balanced;
  if (max) tiers.max = max;
  return tiers;
};

/** The tiers with a model of their own: `balanced`'s is the default model (`LLM_MODEL`) unless one is named. */
export const conversationSupportOf = (config: { readonly llm: { readonly tierModels?: Partial<Record<ModelTier, string>> } | null }): ConversationSupport => ({
  modelTiers: MODEL_TIERS.filter((tier) => tier === 'balanced' || config.llm?.tierModels?.[tier] !== undefined),
});
