import twilio from 'twilio';
import type VoiceResponseType from 'twilio/lib/twiml/VoiceResponse.js';
import type { AgentLanguage, ConversationSettings } from '../../domain/conversation-settings.js';
import { declaredLanguages } from '../../domain/handoff-voices.js';
import { conversationAttributes, DEFAULT_SPEECH_MODES, voiceWithSpeed, type SpeechModes } from './conversation-relay-attributes.js';

const { VoiceResponse } = twilio.twiml;

/** The settings of one agent session on ConversationRelay. */
export interface RelaySettings {
  /** `wss://…/twilio/relay?callId=…`; signed by Twilio exactly as written here. */
  readonly relayUrl: string;
  /** `<Connect action>`: Twilio asks it what to do when the session ends. */
  readonly relayEndedUrl: string;
  /** Spoken on answer; empty: none. */
  readonly greeting: string;
  /** A catalog voice id, `Provider.voice` (`Google.en-US-Journey-O`); a bare voice keeps Twilio's provider. */
  readonly voice: string;
  readonly language: string;
  /** Record the call from here on, reporting to this URL (`<Start><Recording>` ahead of `<Connect>`). */
  readonly recordingStatusUrl?: string | null;
  /** The call's turn-taking, transcription and language settings; absent: interruptible by anything, Twilio's defaults. */
  readonly conversation?: ConversationSettings;
  /** What each `sttMode` stands for; default DEFAULT_SPEECH_MODES. */
  readonly speechModes?: SpeechModes;
  /** The voices of the agents it may hand the call to, declared so a handoff can switch to them; absent: none. */
  readonly handoffVoices?: readonly AgentLanguage[];
}

/** `Google.en-US-Journey-O` → provider `Google`, voice `en-US-Journey-O`. */
export const splitVoice = (voice: string): { readonly ttsProvider: string | null; readonly voice: string } => {
  const dot = voice.indexOf('.');
  return dot > 0 ? { ttsProvider: voice.slice(0, dot), voice: voice.slice(dot + 1) } : { ttsProvider: null, voice };
};

/** The attributes with a value: the SDK writes an attribute for every key it is given, `undefined` included. */
const present = <A extends object>(attributes: A): A =>
  Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null && value !== undefined)) as A;

/**
 * The TwiML that hands the call to the agent: optionally start recording, then connect
 * ConversationRelay (barge-in on speech and keys, DTMF reported).
 */
export const conversationRelayTwiml = (settings: RelaySettings): string => {
  const response = new VoiceResponse();
  const { ttsProvider, voice } = splitVoice(settings.voice);
  if (settings.recordingStatusUrl) {
    response.start().recording({ channels: 'dual', recordingStatusCallback: settings.recordingStatusUrl, recordingStatusCallbackMethod: 'POST' });
  }
  const conversation = settings.conversation;
  const relay = response.connect({ action: settings.relayEndedUrl, method: 'POST' }).conversationRelay(present({
    url: settings.relayUrl,
    welcomeGreeting: settings.greeting.trim() !== '' ? settings.greeting : undefined,
    voice: voiceWithSpeed(ttsProvider, voice, conversation?.voiceSpeed ?? null),
    ttsProvider: ttsProvider ?? undefined,
    language: settings.language,
    interruptible: 'any',
    ...(conversation ? conversationAttributes(conversation, settings.speechModes ?? DEFAULT_SPEECH_MODES) : {}),
    dtmfDetection: true,
    // Reports when the agent's audio stops and the caller starts talking: silence is measured from them.
    debug: 'speaker-events',
  }));
  // Each extra language is declared up front: a call switches to it with the relay's `language`
  // message, for `switch_language` or for a handoff to an agent with another voice.
  const own = { voice: settings.voice, language: settings.language };
  for (const language of declaredLanguages(own, conversation?.languages ?? [], settings.handoffVoices ?? [])) {
    const spoken = splitVoice(language.voice);
    relay.language(present({
      code: language.code,
      ttsProvider: spoken.ttsProvider ?? undefined,
      voice: spoken.voice,
      transcriptionProvider: language.transcriptionProvider ?? undefined,
      speechModel: language.speechModel ?? undefined,
    }));
  }
  return response.toString();
};

/** `<Say>` takes Google and Polly voices by their full name; other providers' voices fall back to Twilio's default. */
export const sayVoice = (voice: string): string | null => (/^(Google|Polly)\./.test(voice) ? voice : null);

/** The SDK types `<Say voice>` as a closed list; ours is a catalog voice it takes as written. */
type SayVoice = NonNullable<VoiceResponseType.SayAttributes['voice']>;
type SayLanguage = NonNullable<VoiceResponseType.SayAttributes['language']>;

const say = (response: VoiceResponseType, words: string, voice: string | null, language?: string): void => {
  response.say(present({ voice: (voice ?? undefined) as SayVoice | undefined, language: language as SayLanguage | undefined }), words);
};

/**
 * Warm transfer after the agent's session: the caller hears a hold line and ringback while the
 * human is dialled; `<Number url>` whispers the summary to the human alone, then bridges them.
 * Dial's `action` hears how it went (no answer, busy … brings the caller back to the agent).
 */
export const warmDialTwiml = (dial: {
  readonly to: string;
  readonly callerId: string | null;
  readonly timeoutSeconds: number;
  readonly holdLine: string;
  readonly voice: string;
  readonly whisperUrl: string;
  readonly dialEndedUrl: string;
}): string => {
  const response = new VoiceResponse();
  say(response, dial.holdLine, sayVoice(dial.voice));
  response
    .dial(present({ action: dial.dialEndedUrl, method: 'POST', timeout: dial.timeoutSeconds, callerId: dial.callerId ?? undefined }))
    .number({ url: dial.whisperUrl, method: 'POST' }, dial.to);
  return response.toString();
};

/** What the human hears before being put through: the summary, then the bridge. */
export const whisperTwiml = (summary: string, voice: string): string => {
  const response = new VoiceResponse();
  say(response, summary, sayVoice(voice));
  return response.toString();
};

/** Cold transfer after the agent's session: dial the number, showing our number as caller ID. */
export const dialTwiml = (to: string, callerId: string | null): string => {
  const response = new VoiceResponse();
  response.dial(present({ callerId: callerId ?? undefined }), to);
  return response.toString();
};

/** Says the words in the call's voice (where `<Say>` has it) and hangs up. */
export const sayAndHangUpTwiml = (closing: { readonly say: string; readonly voice: string; readonly language: string }): string => {
  const response = new VoiceResponse();
  say(response, closing.say, sayVoice(closing.voice), closing.language);
  response.hangup();
  return response.toString();
};

export const hangupTwiml = (apology?: string, voice?: string | null): string => {
  const response = new VoiceResponse();
  if (apology) say(response, apology, voice ?? null);
  response.hangup();
  return response.toString();
};

/** An empty document: nothing more to do on the call (status callbacks, texts answered out of band). */
export const emptyTwiml = (): string => new VoiceResponse().toString();
