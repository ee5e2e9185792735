import { NO_CONSENT } from '../../../src/domain/consent.js';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { decodeOutboundEvent, JsonOutboundEventEncoder } from '../../../src/adapters/http/json-outbound-event-encoder.js';
import { callAnalyzedEvent } from '../../../src/application/events/call-analyzed-event.js';
import { callEndedEvent } from '../../../src/application/events/call-ended-event.js';
import { deliveryKeysOf } from '../../../src/application/events/outbound-event.js';
import { messageFailedEvent } from '../../../src/application/events/message-failed-event.js';
import { smsMessageEvent, testMessageEvent } from '../../../src/application/events/sms-message-event.js';
import { voiceTurnEvent } from '../../../src/application/events/voice-turn-event.js';
import { testRunCompletedEvent } from '../../../src/application/events/test-run-completed-event.js';
import { completeRun, startRun, withResult } from '../../../src/domain/agent-test.js';
import { anAgent, aTestRun } from '../../support/builders.js';
import type { Call, TranscriptTurn } from '../../../src/domain/call.js';
import type { Contact } from '../../../src/domain/contact.js';
import type { Conversation } from '../../../src/domain/conversation.js';
import { trustE164 } from '../../../src/domain/e164.js';
import type { Message } from '../../../src/domain/message.js';
import type { PhoneNumber } from '../../../src/domain/phone-number.js';

const NOW = new Date('2026-03-01T12:00:05.250Z');
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 12, 0, second, 125));
const OURS = trustE164('+13125550100');
const THEIRS = trustE164('+14155550123');

const aMessage = (id: string, body: string, second: number, direction: Message['direction'] = 'inbound'): Message => ({
  id,
  projectId: 'proj_1',
  conversationId: 'conv_1',
  phoneNumberId: 'num_1',
  direction,
  channel: 'sms',
  body,
  fromNumber: direction === 'inbound' ? THEIRS : OURS,
  toNumber: direction === 'inbound' ? OURS : THEIRS,
  status: 'received',
  mediaUrls: [],
  providerMessageId: null,
  errorCode: null,
  receivedAt: at(second),
});
const conversation: Conversation = {
  id: 'conv_1',
  projectId: 'proj_1',
  agentId: 'agt_1',
  phoneNumberId: 'num_1',
  phoneNumber: OURS,
  participant: THEIRS,
  channel: 'sms',
  lastMessageAt: at(3),
  lastMessagePreview: 'Table for 4?',
  messageCount: 3,
  state: { step: 'booking', party: 4 },
  createdAt: at(1),
  updatedAt: at(3),
};
const number: PhoneNumber = {
  id: 'num_1',
  projectId: 'proj_1',
  phoneNumber: OURS,
  country: 'US',
  status: 'active',
  agentId: 'agt_1',
  providerId: 'PN1',
  createdAt: at(0),
  releasedAt: null,
};
const contact: Contact = {
  id: 'ctc_1',
  projectId: 'proj_1',
  name: 'Ada',
  phoneNumber: THEIRS,
  email: null,
  notes: 'likes window seats',
  doNotCall: false,
  consent: NO_CONSENT,
  createdAt: at(0),
  updatedAt: at(0),
};
const call: Call = {
  id: 'call_1',
  projectId: 'proj_1',
  agentId: 'agt_1',
  phoneNumberId: 'num_1',
  fromNumber: THEIRS,
  toNumber: OURS,
  direction: 'inbound',
  type: 'pstn',
  variables: {},
  status: 'in-progress',
  startedAt: at(0),
  endedAt: null,
  durationSeconds: null,
  disconnectionReason: null,
  providerCallId: 'CA1',
  recordingUrl: null,
  recordingAvailable: false,
  recordingDisclosure: null,
  voiceMode: 'webhook',
  greeting: 'Hi',
  voice: 'Google.en-US-Journey-O',
  language: 'en-US',
  systemPrompt: null,
  metadata: null,
  lastTranscriptSnippet: null,
  voicemailDetection: false,
  answeredBy: null,
  optOut: false,
};
const aTurn = (sequence: number, role: TranscriptTurn['role'], content: string, interrupted = false): TranscriptTurn => ({
  id: `turn_${sequence}`,
  callId: 'call_1',
  role,
  content,
  createdAt: at(sequence),
  interrupted,
  sequence,
});

const sut = new JsonOutboundEventEncoder();

// The expected bodies are written out byte for byte: the wire format (names, order, optional
// keys) is a promise to every receiver, and these tests hold the catalogue to it.
describe(JsonOutboundEventEncoder.name, () => {
  it('writes an inbound text with its contact, state and earlier messages', () => {
    const event = smsMessageEvent({
      message: { ...aMessage('msg_3', 'Table for 4?', 3), mediaUrls: ['https://media/1'] },
      conversation,
      number,
      contact,
      history: [aMessage('msg_1', 'Hello', 1), aMessage('msg_2', 'Hi! How can I help?', 2, 'outbound')],
      now: NOW,
    });

    expect(sut.encode(event)).toBe(
      '{"event":"agent.message","channel":"sms","timestamp":"2026-03-01T12:00:05.250Z","agentId":"agt_1",' +
        '"data":{"messageId":"msg_3","conversationId":"conv_1","numberId":"num_1","from":"+14155550123","to":"+13125550100",' +
        '"contact":{"id":"ctc_1","name":"Ada","email":null,"phoneNumber":"+14155550123"},"message":"Table for 4?",' +
        '"mediaUrls":["https://media/1"],"direction":"inbound","receivedAt":"2026-03-01T12:00:03.125Z"},' +
        '"conversationState":{"step":"booking","party":4},' +
        '"recentHistory":[{"messageId":"msg_1","content":"Hello","direction":"inbound","channel":"sms","at":"2026-03-01T12:00:01.125Z"},' +
        '{"messageId":"msg_2","content":"Hi! How can I help?","direction":"outbound","channel":"sms","at":"2026-03-01T12:00:02.125Z"}]}',
    );
    expect(deliveryKeysOf(event)).toEqual({ eventType: 'agent.message', channel: 'sms', agentId: 'agt_1', messageId: 'msg_3', callId: null });
  });

  it('writes a caller turn with the last contextLimit turns, dtmf and interrupted only when they apply', () => {
    const history = [aTurn(1, 'agent', 'Hi'), aTurn(2, 'user', 'Sales'), aTurn(3, 'agent', 'Connecting you to', true)];
    const spoken = voiceTurnEvent({ call, utterance: 'Hello?', confidence: 0.93, dtmf: null, history, contextLimit: 2, now: NOW });
    const pressed = voiceTurnEvent({ call, utterance: '', confidence: null, dtmf: '5', history, contextLimit: 0, now: NOW });

    expect(sut.encode(spoken)).toBe(
      '{"event":"agent.message","channel":"voice","timestamp":"2026-03-01T12:00:05.250Z","agentId":"agt_1",' +
        '"data":{"callId":"call_1","numberId":"num_1","from":"+14155550123","to":"+13125550100","status":"in-progress",' +
        '"transcript":"Hello?","confidence":0.93,"direction":"inbound"},"conversationState":null,' +
        '"recentHistory":[{"turnId":"turn_2","role":"user","content":"Sales","direction":"inbound","channel":"voice","at":"2026-03-01T12:00:02.125Z"},' +
        '{"turnId":"turn_3","role":"agent","content":"Connecting you to","direction":"outbound","channel":"voice","at":"2026-03-01T12:00:03.125Z","interrupted":true}]}',
    );
    expect(sut.encode(pressed)).toBe(
      '{"event":"agent.message","channel":"voice","timestamp":"2026-03-01T12:00:05.250Z","agentId":"agt_1",' +
        '"data":{"callId":"call_1","numberId":"num_1","from":"+14155550123","to":"+13125550100","status":"in-progress",' +
        '"transcript":"","confidence":null,"direction":"inbound","dtmf":"5"},"conversationState":null,"recentHistory":[]}',
    );
    expect(deliveryKeysOf(spoken)).toEqual({ eventType: 'agent.message', channel: 'voice', agentId: 'agt_1', messageId: null, callId: 'call_1' });
  });

  it('writes the end of a call with its whole transcript', () => {
    const ended: Call = { ...call, status: 'completed', endedAt: at(40), durationSeconds: 40, disconnectionReason: 'caller_hangup', recordingUrl: 'https://rec/1' };

    const event = callEndedEvent(ended, [aTurn(1, 'agent', 'Hi'), aTurn(2, 'user', 'Bye')], null, NOW);

    expect(sut.encode(event)).toBe(
      '{"event":"agent.call_ended","channel":"voice","timestamp":"2026-03-01T12:00:05.250Z","agentId":"agt_1",' +
        '"data":{"callId":"call_1","numberId":"num_1","from":"+14155550123","to":"+13125550100","contact":null,' +
        '"direction":"inbound","type":"pstn","status":"completed","startedAt":"2026-03-01T12:00:00.125Z",' +
        '"endedAt":"2026-03-01T12:00:40.125Z","durationSeconds":40,"disconnectionReason":"caller_hangup","answeredBy":null,' +
        '"transcript":[{"role":"agent","content":"Hi"},{"role":"user","content":"Bye"}],"recordingUrl":"https://rec/1"},' +
        '"conversationState":null,"recentHistory":[]}',
    );
  });

  it('writes the analysis of a call', () => {
    const event = callAnalyzedEvent(call, { summary: 'Booked.', userSentiment: 'neutral', callSuccessful: false, extracted: { day: 'Monday' } }, NOW);

    expect(sut.encode(event)).toBe(
      '{"event":"agent.call_analyzed","channel":"voice","timestamp":"2026-03-01T12:00:05.250Z","agentId":"agt_1",' +
        '"data":{"callId":"call_1","numberId":"num_1","from":"+14155550123","to":"+13125550100","direction":"inbound",' +
        '"summary":"Booked.","userSentiment":"neutral","callSuccessful":false,"extracted":{"day":"Monday"}},' +
        '"conversationState":null,"recentHistory":[]}',
    );
    expect(deliveryKeysOf(event)).toEqual({ eventType: 'agent.call_analyzed', channel: 'voice', agentId: 'agt_1', messageId: null, callId: 'call_1' });
  });

  it('writes a text the carrier refused, with its code', () => {
    const refused: Message = { ...aMessage('msg_2', 'Your table is ready', 2, 'outbound'), status: 'failed', errorCode: '30034' };
    const event = messageFailedEvent(refused, 'agt_1', 'Message from an Unregistered Number', NOW);

    expect(JSON.parse(sut.encode(event))).toEqual({
      event: 'agent.message_failed',
      channel: 'sms',
      timestamp: '2026-03-01T12:00:05.250Z',
      agentId: 'agt_1',
      data: {
        messageId: 'msg_2',
        conversationId: refused.conversationId,
        numberId: refused.phoneNumberId,
        from: refused.fromNumber,
        to: refused.toNumber,
        message: 'Your table is ready',
        errorCode: '30034',
        errorMessage: 'Message from an Unregistered Number',
      },
      conversationState: null,
      recentHistory: [],
    });
    expect(decodeOutboundEvent(sut.encode(event))).toEqual(E.right(event));
    expect(deliveryKeysOf(event)).toEqual({ eventType: 'agent.message_failed', channel: 'sms', agentId: 'agt_1', messageId: 'msg_2', callId: null });
  });

  it('writes a completed test run, with no channel, and reads it back', () => {
    const agent = anAgent({ id: 'agt_1' });
    const running = startRun(aTestRun(agent, { id: 'trun_1', testIds: ['test_1'], seed: 42 }), NOW)!;
    const result = { testId: 'test_1', name: 'greets', verdict: 'failed' as const, error: null, expectations: [], transcript: [], durationMs: 5 };
    const event = testRunCompletedEvent(completeRun(withResult(running, result)!, NOW)!, NOW);

    expect(JSON.parse(sut.encode(event))).toMatchObject({
      event: 'agent.test_run_completed',
      channel: null,
      agentId: 'agt_1',
      data: { testRunId: 'trun_1', status: 'completed', seed: 42, total: 1, passed: 0, failed: 1, errored: 0, results: [{ testId: 'test_1', name: 'greets', verdict: 'failed' }] },
    });
    expect(decodeOutboundEvent(sut.encode(event))).toEqual(E.right(event));
    expect(deliveryKeysOf(event)).toEqual({ eventType: 'agent.test_run_completed', channel: null, agentId: 'agt_1', messageId: null, callId: null });
  });

  it('writes the sample of a test send', () => {
    expect(sut.encode(testMessageEvent(null, 'whd_0123456789abcdef', NOW))).toBe(
      '{"event":"agent.message","channel":"sms","timestamp":"2026-03-01T12:00:05.250Z","agentId":null,' +
        '"data":{"messageId":"msg_test_89abcdef","conversationId":"conv_test","numberId":"num_test","from":"+15555550100",' +
        '"to":"+15555550199","contact":null,"message":"This is a test message from Switchboard.","mediaUrls":[],' +
        '"direction":"inbound","receivedAt":"2026-03-01T12:00:05.250Z"},"conversationState":null,"recentHistory":[]}',
    );
  });
});

describe(decodeOutboundEvent.name, () => {
  it('reads back every event it wrote', () => {
    const events = [
      smsMessageEvent({ message: aMessage('msg_1', 'Hi', 1), conversation, number, contact: null, history: [], now: NOW }),
      voiceTurnEvent({ call, utterance: 'Hello?', confidence: null, dtmf: '#', history: [aTurn(1, 'agent', 'Hi', true)], contextLimit: 5, now: NOW }),
      callEndedEvent(call, [], contact, NOW),
      callEndedEvent(call, [aTurn(1, 'tool_call', 'lookup {}'), aTurn(2, 'tool_result', '{}')], null, NOW),
      callAnalyzedEvent(call, { summary: 'S', userSentiment: 'negative', callSuccessful: true, extracted: null }, NOW),
    ];

    for (const event of events) expect(decodeOutboundEvent(sut.encode(event))).toEqual(E.right(event));
  });

  it('refuses a body that is not an event of the catalogue, saying where', () => {
    const body = JSON.parse(sut.encode(callEndedEvent(call, [], null, NOW)));

    const missing = decodeOutboundEvent(JSON.stringify({ ...body, data: { ...body.data, callId: undefined } }));
    const badDate = decodeOutboundEvent(JSON.stringify({ ...body, timestamp: 'yesterday' }));
    const unknown = decodeOutboundEvent(JSON.stringify({ ...body, event: 'agent.campaign_progress' }));

    expect(missing).toEqual(E.left(['data.callId: missing is not string']));
    expect(badDate).toEqual(E.left(['timestamp: "yesterday" is not ISO 8601 UTC instant']));
    expect(unknown).toEqual(E.left(['no event "agent.campaign_progress" on channel "voice" in the catalogue']));
    expect(decodeOutboundEvent('{"event":')).toEqual(E.left(['the body is not JSON']));
  });
});
