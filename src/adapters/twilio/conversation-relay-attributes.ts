import type { ConversationSettings, SttMode } from '../../domain/conversation-settings.js';

/** The transcription provider and speech model an `sttMode` stands for; the operator may change both. */
export interface SpeechModel {
  readonly transcriptionProvider: string;
  readonly speechModel: string;
}
export type SpeechModes = Readonly<Record<SttMode, SpeechModel>>;

/** `fast`: Deepgram's low-latency default; `accurate`: Google's long-form model, slower and better at names and numbers. */
export const DEFAULT_SPEECH_MODES: SpeechModes = {
  fast: { transcriptionProvider: 'Deepgram', speechModel: 'nova-3-general' },
  accurate: { transcriptionProvider: 'Google', speechModel: 'long' },
};

/** ElevenLabs' model and voice settings besides the speed (its own defaults for stability and similarity). */
const ELEVENLABS_MODEL = 'flash_v2_5';
const ELEVENLABS_STABILITY_SIMILARITY = '0.5_0.75';

/** 0–1 onto ConversationRelay's three steps. */
export const interruptSensitivityOf = (sensitivity: number): 'low' | 'medium' | 'high' =>
  sensitivity < 1 / 3 ? 'low' : sensitivity < 2 / 3 ? 'medium' : 'high';

/** An ElevenLabs voice with a speed: Twilio's extended voice form `voiceId-model-speed_stability_similarity`. */
export const voiceWithSpeed = (provider: string | null, voice: string, speed: number | null): string =>
  provider === 'ElevenLabs' && speed !== null ? `${voice}-${ELEVENLABS_MODEL}-${speed.toFixed(2)}_${ELEVENLABS_STABILITY_SIMILARITY}` : voice;

/**
 * The `<ConversationRelay>` attributes the settings map onto. Names as the twilio package spells
 * them (`ignorebackchannel`, `backgroundnoisereduction`, `speechtimeout`).
 */
export const conversationAttributes = (settings: ConversationSettings, modes: SpeechModes): Record<string, string | boolean> => {
  const speech = modes[settings.sttMode];
  return {
    interruptible: settings.interruptible,
    welcomeGreetingInterruptible: settings.greetingInterruptible,
    interruptSensitivity: interruptSensitivityOf(settings.interruptionSensitivity),
    ignorebackchannel: String(settings.enableBackchannel),
    ...(settings.denoisingMode !== null ? { backgroundnoisereduction: 'true' } : {}),
    transcriptionProvider: speech.transcriptionProvider,
    speechModel: speech.speechModel,
    ...(settings.endOfTurnTimeoutMs !== null ? { speechtimeout: String(settings.endOfTurnTimeoutMs) } : {}),
    ...(settings.hints.length > 0 ? { hints: settings.hints.join(',') } : {}),
    profanityFilter: settings.profanityFilter,
  };
};
