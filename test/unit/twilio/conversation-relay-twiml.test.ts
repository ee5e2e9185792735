import { describe, expect, it } from 'vitest';
import {
  conversationRelayTwiml,
  dialTwiml,
  emptyTwiml,
  hangupTwiml,
  sayAndHangUpTwiml,
  warmDialTwiml,
  whisperTwiml,
} from '../../../src/adapters/twilio/conversation-relay-twiml.js';
import { parseTwiml, twimlElement, twimlVerbs } from '../../support/twiml.js';

const relay = {
  relayUrl: 'wss://switchboard.example/twilio/relay?callId=call_1&resume=2',
  relayEndedUrl: 'https://switchboard.example/twilio/voice/relay-ended?callId=call_1',
  greeting: 'Hi, this is "Acme" & co.',
  voice: 'Amazon.Joanna-Neural',
  language: 'en-US',
};

describe('TwiML documents', () => {
  it('connects ConversationRelay with the session settings, the URL and greeting escaped by the SDK', () => {
    const twiml = conversationRelayTwiml(relay);

    expect(twimlVerbs(twiml)).toEqual(['Connect']);
    expect(twimlElement(twiml, 'Connect').attributes).toEqual({ action: relay.relayEndedUrl, method: 'POST' });
    expect(twimlElement(twiml, 'ConversationRelay').attributes).toEqual({
      url: relay.relayUrl,
      welcomeGreeting: relay.greeting,
      voice: 'Joanna-Neural',
      ttsProvider: 'Amazon',
      language: 'en-US',
      interruptible: 'any',
      dtmfDetection: 'true',
      debug: 'speaker-events',
    });
  });

  it('leaves out the greeting when there is none, and the provider of a bare voice', () => {
    const attributes = twimlElement(conversationRelayTwiml({ ...relay, greeting: ' ', voice: 'UgBBYS2sOqTuMpoF3BR0' }), 'ConversationRelay').attributes;

    expect(attributes).not.toHaveProperty('welcomeGreeting');
    expect(attributes).not.toHaveProperty('ttsProvider');
    expect(attributes.voice).toBe('UgBBYS2sOqTuMpoF3BR0');
  });

  it('starts a dual-channel recording ahead of <Connect> when asked', () => {
    const twiml = conversationRelayTwiml({ ...relay, recordingStatusUrl: 'https://switchboard.example/twilio/voice/recording?callId=call_1' });

    expect(twimlVerbs(twiml)).toEqual(['Start', 'Connect']);
    expect(twimlElement(twiml, 'Recording').attributes).toEqual({
      channels: 'dual',
      recordingStatusCallback: 'https://switchboard.example/twilio/voice/recording?callId=call_1',
      recordingStatusCallbackMethod: 'POST',
    });
  });

  it('dials a warm transfer: the hold line, then the human with a whisper and a Dial action', () => {
    const twiml = warmDialTwiml({
      to: '+15550001111',
      callerId: '+15550002222',
      timeoutSeconds: 25,
      holdLine: 'Please hold.',
      voice: 'Google.en-US-Neural2-F',
      whisperUrl: 'https://switchboard.example/twilio/voice/whisper?callId=call_1&to=%2B15550001111',
      dialEndedUrl: 'https://switchboard.example/twilio/voice/transfer-ended?callId=call_1',
    });

    expect(twimlVerbs(twiml)).toEqual(['Say', 'Dial']);
    expect(twimlElement(twiml, 'Say')).toMatchObject({ text: 'Please hold.', attributes: { voice: 'Google.en-US-Neural2-F' } });
    expect(twimlElement(twiml, 'Dial').attributes).toEqual({
      action: 'https://switchboard.example/twilio/voice/transfer-ended?callId=call_1',
      method: 'POST',
      timeout: '25',
      callerId: '+15550002222',
    });
    expect(twimlElement(twiml, 'Number')).toMatchObject({
      text: '+15550001111',
      attributes: { url: 'https://switchboard.example/twilio/voice/whisper?callId=call_1&to=%2B15550001111', method: 'POST' },
    });
  });

  it('whispers the summary to the human, in a voice <Say> has, else in Twilio’s default', () => {
    expect(twimlElement(whisperTwiml('Caller wants a <refund> & more', 'Polly.Joanna'), 'Say')).toEqual({
      name: 'Say',
      attributes: { voice: 'Polly.Joanna' },
      text: 'Caller wants a <refund> & more',
      children: [],
    });
    expect(twimlElement(whisperTwiml('Summary', 'ElevenLabs.UgBBYS2sOqTuMpoF3BR0'), 'Say').attributes).toEqual({});
  });

  it('cold-transfers with our number as caller ID, or none', () => {
    expect(twimlElement(dialTwiml('+15550001111', '+15550002222'), 'Dial')).toMatchObject({ text: '+15550001111', attributes: { callerId: '+15550002222' } });
    expect(twimlElement(dialTwiml('+15550001111', null), 'Dial').attributes).toEqual({});
  });

  it('says closing words in the call’s voice and language, then hangs up', () => {
    const twiml = sayAndHangUpTwiml({ say: 'Goodbye.', voice: 'Google.en-GB-Neural2-A', language: 'en-GB' });

    expect(twimlVerbs(twiml)).toEqual(['Say', 'Hangup']);
    expect(twimlElement(twiml, 'Say').attributes).toEqual({ voice: 'Google.en-GB-Neural2-A', language: 'en-GB' });
  });

  it('hangs up, with an apology or without', () => {
    expect(twimlVerbs(hangupTwiml())).toEqual(['Hangup']);
    const apology = hangupTwiml('Sorry, something went wrong.', 'Polly.Joanna');
    expect(twimlVerbs(apology)).toEqual(['Say', 'Hangup']);
    expect(twimlElement(apology, 'Say')).toMatchObject({ text: 'Sorry, something went wrong.', attributes: { voice: 'Polly.Joanna' } });
  });

  it('answers an empty document', () => {
    expect(parseTwiml(emptyTwiml())).toEqual({ name: 'Response', attributes: {}, text: '', children: [] });
  });
});
