import { describe, expect, it } from 'vitest';
import { conversationRelayTwiml } from '../../../src/adapters/twilio/conversation-relay-twiml.js';
import { DEFAULT_CONVERSATION, type ConversationSettings } from '../../../src/domain/conversation-settings.js';
import { twimlElement, twimlElements } from '../../support/twiml.js';

const relay = {
  relayUrl: 'wss://switchboard.example/twilio/relay?callId=call_1',
  relayEndedUrl: 'https://switchboard.example/twilio/voice/relay-ended?callId=call_1',
  greeting: 'Hi.',
  voice: 'ElevenLabs.UgBBYS2sOqTuMpoF3BR0',
  language: 'en-US',
};

const attributesWith = (changes: Partial<ConversationSettings>, speechModes?: Parameters<typeof conversationRelayTwiml>[0]['speechModes']) =>
  twimlElement(conversationRelayTwiml({ ...relay, conversation: { ...DEFAULT_CONVERSATION, ...changes }, ...(speechModes ? { speechModes } : {}) }), 'ConversationRelay')
    .attributes;

describe('conversation settings on <ConversationRelay>', () => {
  it('maps the defaults onto Twilio attributes', () => {
    expect(attributesWith({})).toMatchObject({
      interruptible: 'any',
      welcomeGreetingInterruptible: 'any',
      interruptSensitivity: 'high',
      ignorebackchannel: 'true',
      transcriptionProvider: 'Deepgram',
      speechModel: 'nova-3-general',
      profanityFilter: 'true',
      voice: 'UgBBYS2sOqTuMpoF3BR0',
    });
    const attributes = attributesWith({});
    for (const absent of ['backgroundnoisereduction', 'speechtimeout', 'hints']) expect(attributes).not.toHaveProperty(absent);
  });

  it.each([
    [0, 'low'],
    [0.5, 'medium'],
    [0.9, 'high'],
  ] as const)('interruptionSensitivity %s is interruptSensitivity %s', (sensitivity, step) => {
    expect(attributesWith({ interruptionSensitivity: sensitivity }).interruptSensitivity).toBe(step);
  });

  it('maps each other field onto its attribute', () => {
    expect(attributesWith({ enableBackchannel: false }).ignorebackchannel).toBe('false');
    expect(attributesWith({ denoisingMode: 'noise-cancellation' }).backgroundnoisereduction).toBe('true');
    expect(attributesWith({ endOfTurnTimeoutMs: 1200 }).speechtimeout).toBe('1200');
    expect(attributesWith({ hints: ['Acme', 'ZIP code'] }).hints).toBe('Acme,ZIP code');
    expect(attributesWith({ interruptible: 'dtmf' }).interruptible).toBe('dtmf');
    expect(attributesWith({ greetingInterruptible: 'none' }).welcomeGreetingInterruptible).toBe('none');
    expect(attributesWith({ profanityFilter: false }).profanityFilter).toBe('false');
    expect(attributesWith({ sttMode: 'accurate' })).toMatchObject({ transcriptionProvider: 'Google', speechModel: 'long' });
    expect(attributesWith({ voiceSpeed: 1.1 }).voice).toBe('UgBBYS2sOqTuMpoF3BR0-flash_v2_5-1.10_0.5_0.75');
  });

  it('takes the operator’s provider and model for an sttMode', () => {
    const modes = { fast: { transcriptionProvider: 'Deepgram', speechModel: 'nova-2-general' }, accurate: { transcriptionProvider: 'Deepgram', speechModel: 'nova-3-general' } };
    expect(attributesWith({ sttMode: 'fast' }, modes)).toMatchObject({ transcriptionProvider: 'Deepgram', speechModel: 'nova-2-general' });
  });

  it('declares each extra language as a <Language> child with its own voice and transcription', () => {
    const twiml = conversationRelayTwiml({
      ...relay,
      conversation: {
        ...DEFAULT_CONVERSATION,
        languages: [
          { code: 'es-ES', voice: 'Google.es-ES-Neural2-A', transcriptionProvider: 'Google', speechModel: 'telephony' },
          { code: 'fr-FR', voice: 'Google.fr-FR-Neural2-A', transcriptionProvider: null, speechModel: null },
        ],
      },
    });
    expect(twimlElements(twiml, 'Language').map((l) => l.attributes)).toEqual([
      { code: 'es-ES', ttsProvider: 'Google', voice: 'es-ES-Neural2-A', transcriptionProvider: 'Google', speechModel: 'telephony' },
      { code: 'fr-FR', ttsProvider: 'Google', voice: 'fr-FR-Neural2-A' },
    ]);
  });

  it('declares the voices of the handoff targets after the agent’s own, each language once, and nothing more without targets of another voice', () => {
    const own = { ...relay, voice: 'Google.en-US-Journey-O', language: 'en-US' };
    const spanish = { code: 'es-ES', voice: 'Google.es-ES-Neural2-A', transcriptionProvider: 'Google', speechModel: 'telephony' };
    const twiml = conversationRelayTwiml({
      ...own,
      conversation: { ...DEFAULT_CONVERSATION, languages: [spanish] },
      handoffVoices: [
        { code: 'fr-FR', voice: 'Google.fr-FR-Neural2-A', transcriptionProvider: null, speechModel: null },
        { code: 'es-ES', voice: 'Google.es-ES-Neural2-B', transcriptionProvider: null, speechModel: null },
        { code: 'en-US', voice: 'Google.en-US-Journey-D', transcriptionProvider: null, speechModel: null },
      ],
    });
    expect(twimlElements(twiml, 'Language').map((l) => l.attributes)).toEqual([
      { code: 'en-US', ttsProvider: 'Google', voice: 'en-US-Journey-O' },
      { code: 'es-ES', ttsProvider: 'Google', voice: 'es-ES-Neural2-A', transcriptionProvider: 'Google', speechModel: 'telephony' },
      { code: 'fr-FR', ttsProvider: 'Google', voice: 'fr-FR-Neural2-A' },
    ]);

    const sameVoice = conversationRelayTwiml({ ...own, handoffVoices: [{ code: 'en-US', voice: 'Google.en-US-Journey-O', transcriptionProvider: null, speechModel: null }] });
    expect(twimlElements(sameVoice, 'Language')).toEqual([]);
  });
});
