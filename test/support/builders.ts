import { queuedRun, type AgentTest, type TestRun } from '../../src/domain/agent-test.js';
import { NO_CONSENT } from '../../src/domain/consent.js';
import { randomInt, randomUUID } from 'node:crypto';
import type { DeliveryAttempt } from '../../src/application/ports/webhook-repositories.js';
import type { InboundSms } from '../../src/application/use-cases/messages/receive-inbound-sms.js';
import type { Agent } from '../../src/domain/agent.js';
import type { ApiKey } from '../../src/domain/api-key.js';
import { startCall, type Call, type TranscriptTurn } from '../../src/domain/call.js';
import type { Contact } from '../../src/domain/contact.js';
import type { Conversation } from '../../src/domain/conversation.js';
import { trustE164, type E164 } from '../../src/domain/e164.js';
import type { LedgerEntry } from '../../src/domain/ledger.js';
import type { Message } from '../../src/domain/message.js';
import { cents } from '../../src/domain/money.js';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import type { Project } from '../../src/domain/project.js';
import { SIGN_UP_TTL_MS, type SignUp } from '../../src/domain/sign-up.js';
import type { Webhook } from '../../src/domain/webhook.js';
import type { WebhookDelivery } from '../../src/domain/webhook-delivery.js';

// The Object Mothers of every test: a valid value of each kind, changed by `overrides`.
// Ids and phone numbers are fresh on every call, so tests sharing one store never collide;
// a test that asserts on an id or a link passes it.

const EPOCH = Date.UTC(2026, 0, 1);

export const newId = (prefix: string): string => `${prefix}_${randomUUID().replaceAll('-', '')}`;
export const newNumber = (): E164 => trustE164(`+1${randomInt(200, 999)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`);
/** A fixed instant plus `second` seconds (and 123 ms, so precision loss would show). */
export const at = (second: number): Date => new Date(EPOCH + second * 1000 + 123);

export const aProject = (overrides: Partial<Project> = {}): Project => {
  const id = overrides.id ?? newId('prj');
  return {
    id,
    email: `${id}@example.com`,
    name: 'Acme',
    status: 'active',
    numberLimit: 10,
    recordingEnabled: false,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
};

export const anApiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: newId('key'),
  projectId: newId('prj'),
  prefix: 'sk_live_abc',
  hash: randomUUID().replaceAll('-', '').repeat(2),
  name: null,
  createdAt: at(0),
  revokedAt: null,
  lastUsedAt: null,
  ...overrides,
});

export const anAgent = (overrides: Partial<Agent> = {}): Agent => ({
  id: newId('agt'),
  projectId: newId('prj'),
  name: 'Receptionist',
  description: null,
  voiceMode: 'webhook',
  systemPrompt: null,
  greeting: null,
  voice: 'Google.en-US-Journey-O',
  transferNumber: null,
  language: 'en-US',
  customTools: [],
  analysis: false,
  analysisSchema: null,
  successCriteria: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

/** A live number, attached to no agent unless `agentId` is given. */
export const aNumber = (overrides: Partial<PhoneNumber> = {}): PhoneNumber => ({
  id: newId('num'),
  projectId: newId('prj'),
  phoneNumber: newNumber(),
  country: 'US',
  status: 'active',
  agentId: null,
  providerId: `PN${randomUUID().replaceAll('-', '')}`,
  createdAt: at(0),
  releasedAt: null,
  ...overrides,
});

/** A project's default webhook unless `agentId` is given. */
export const aWebhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: newId('wh'),
  projectId: newId('prj'),
  agentId: null,
  url: 'https://hooks.example.com/in',
  secret: `whsec_${randomUUID()}`,
  contextLimit: 10,
  timeoutSeconds: 30,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 123)),
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 1, 456)),
  ...overrides,
});

export const aContact = (overrides: Partial<Contact> = {}): Contact => ({
  id: newId('con'),
  projectId: newId('prj'),
  name: 'Ada Lovelace',
  phoneNumber: newNumber(),
  email: null,
  notes: null,
  doNotCall: false,
  consent: NO_CONSENT,
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

/** A monthly charge for a number (give `amountCents` and `reason` for a credit). */
export const aLedgerEntry = (overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: newId('led'),
  projectId: newId('prj'),
  amountCents: cents(-300),
  reason: 'number_renewal',
  resourceId: null,
  periodEnd: null,
  note: null,
  createdAt: at(0),
  ...overrides,
});

/** A pending sign-up whose code was sent `SIGN_UP_TTL_MS` before it expires. */
export const aSignUp = (overrides: Partial<SignUp> = {}): SignUp => {
  const id = overrides.id ?? newId('ver');
  const expiresAt = overrides.expiresAt ?? new Date(at(0).getTime() + SIGN_UP_TTL_MS);
  return {
    id,
    email: `${id}@example.com`,
    agentName: 'Front desk',
    codeHash: 'a'.repeat(64),
    attempts: 0,
    expiresAt,
    status: 'pending',
    projectId: null,
    createdAt: new Date(expiresAt.getTime() - SIGN_UP_TTL_MS),
    verifiedAt: null,
    ...overrides,
  };
};

/** An inbound PSTN call in progress, in webhook mode. */
export const aCall = (overrides: Partial<Call> = {}): Call => ({
  ...startCall({
    id: newId('call'),
    projectId: newId('prj'),
    agentId: newId('agt'),
    phoneNumberId: newId('num'),
    fromNumber: newNumber(),
    toNumber: newNumber(),
    direction: 'inbound',
    type: 'pstn',
    startedAt: at(0),
    providerCallId: `CA${randomUUID().replaceAll('-', '')}`,
    voiceMode: 'webhook',
    greeting: 'Hello!',
    voice: 'Google.en-US-Journey-O',
    variables: {},
    language: 'en-US',
    systemPrompt: null,
    metadata: null,
  }),
  ...overrides,
});

/** Turn `sequence` of a call: the agent speaks the odd ones, the caller the even ones. */
export const aTurn = (callId: string, sequence: number, overrides: Partial<TranscriptTurn> = {}): TranscriptTurn => ({
  id: newId('turn'),
  callId,
  role: sequence % 2 === 1 ? 'agent' : 'user',
  content: `turn ${sequence}`,
  createdAt: at(sequence),
  interrupted: false,
  sequence,
  ...overrides,
});

/** A thread of `number` (and so of its project and agent) with a fresh participant. */
export const aConversation = (number: PhoneNumber, overrides: Partial<Conversation> = {}): Conversation => ({
  id: newId('conv'),
  projectId: number.projectId,
  agentId: number.agentId,
  phoneNumberId: number.id,
  phoneNumber: number.phoneNumber,
  participant: newNumber(),
  channel: 'sms',
  lastMessageAt: new Date(EPOCH + 1000),
  lastMessagePreview: 'hello',
  messageCount: 1,
  state: null,
  createdAt: new Date(EPOCH),
  updatedAt: new Date(EPOCH + 1000),
  ...overrides,
});

/** A text of `conversation`: received from its participant, or (`direction: 'outbound'`) queued to them. */
export const aMessage = (conversation: Conversation, overrides: Partial<Message> = {}): Message => {
  const inbound = (overrides.direction ?? 'inbound') === 'inbound';
  return {
    id: newId('msg'),
    projectId: conversation.projectId,
    conversationId: conversation.id,
    phoneNumberId: conversation.phoneNumberId,
    direction: 'inbound',
    channel: 'sms',
    body: 'hello',
    fromNumber: inbound ? conversation.participant : conversation.phoneNumber,
    toNumber: inbound ? conversation.phoneNumber : conversation.participant,
    status: inbound ? 'received' : 'queued',
    mediaUrls: [],
    providerMessageId: null,
    errorCode: null,
    receivedAt: new Date(EPOCH + 1000),
    ...overrides,
  };
};

/** A text as the carrier hands it over. */
export const anInboundSms = (overrides: Partial<InboundSms> = {}): InboundSms => ({
  to: newNumber(),
  from: newNumber(),
  body: 'Hello?',
  mediaUrls: [],
  providerMessageId: null,
  ...overrides,
});

/** An `agent.message` event queued for a webhook, due at once and not yet attempted. */
export const aDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: newId('whd'),
  projectId: newId('prj'),
  webhookId: newId('wh'),
  agentId: null,
  eventType: 'agent.message',
  channel: 'sms',
  messageId: newId('msg'),
  callId: null,
  body: '{"event":"agent.message","data":{"message":"héllo ✓"}}',
  status: 'pending',
  attemptCount: 0,
  httpStatus: null,
  errorMessage: null,
  responseBody: null,
  lastAttemptAt: null,
  nextRetryAt: new Date(EPOCH),
  createdAt: new Date(EPOCH),
  ...overrides,
});

/** A delivery that used up its attempts, the last one answered with HTTP 500. */
export const aFailedDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery =>
  aDelivery({
    status: 'failed',
    attemptCount: 6,
    httpStatus: 500,
    errorMessage: 'HTTP 500',
    lastAttemptAt: at(10),
    nextRetryAt: null,
    ...overrides,
  });

/** What a delivery's latest attempt left behind; give a failed one to get the failure. */
export const anAttempt = (delivery: WebhookDelivery, overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  deliveryId: delivery.id,
  attempt: delivery.attemptCount,
  attemptedAt: delivery.lastAttemptAt ?? new Date(EPOCH),
  httpStatus: delivery.httpStatus,
  errorMessage: delivery.errorMessage,
  durationMs: 12,
  ...overrides,
});

/** A scenario test of `agent`: a caller who says hello and expects a greeting. */
export const anAgentTest = (agent: Pick<Agent, 'id' | 'projectId'>, overrides: Partial<AgentTest> = {}): AgentTest => ({
  id: newId('test'),
  projectId: agent.projectId,
  agentId: agent.id,
  name: 'Greets the caller',
  scenario: { name: 'Greets the caller', caller: { script: [{ say: 'Hello' }, { hangUp: true }] }, expect: [{ said: 'welcome' }] },
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

/** A queued run of `testIds` of `agent`. */
export const aTestRun = (agent: Pick<Agent, 'id' | 'projectId'>, overrides: Partial<TestRun> = {}): TestRun => ({
  ...queuedRun({ id: newId('trun'), projectId: agent.projectId, agentId: agent.id, testIds: [], seed: 7, now: at(0) }),
  ...overrides,
});
