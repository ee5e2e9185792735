import type * as t from 'io-ts';
import { AttachNumberBody, CreateAgentBody, UpdateAgentBody } from '../../src/adapters/rest/codecs/agents.js';
import { CreateCallBody, CreateWebCallBody, ListCallsQuery } from '../../src/adapters/rest/codecs/calls.js';
import { CreateContactBody, ListContactsQuery, UpdateContactBody } from '../../src/adapters/rest/codecs/contacts.js';
import { CONVERSATION_PAGE, ConversationDetailQuery, UpdateConversationBody } from '../../src/adapters/rest/codecs/conversations.js';
import { MessageListQuery, SendMessageBody } from '../../src/adapters/rest/codecs/messages.js';
import { ProvisionNumberBody } from '../../src/adapters/rest/codecs/numbers.js';
import { SignUpBody, VerifyBody } from '../../src/adapters/rest/codecs/signup.js';
import { DELIVERY_PAGE, DeliveryStatsQuery, ListDeliveriesQuery, TestWebhookQuery, WebhookBody } from '../../src/adapters/rest/codecs/webhooks.js';
import { AGENT_PAGE, NUMBER_PAGE } from '../../src/adapters/rest/pagination.js';

/** What a path parameter names; the test keeps live resources of each kind. */
export type ResourceKind = 'agent' | 'number' | 'contact' | 'conversation' | 'call';

export interface RouteSpec {
  readonly method: string;
  /** With `:agent`, `:number`, … for the path parameters. */
  readonly path: string;
  readonly body?: t.Decoder<unknown, unknown>;
  readonly query?: t.Decoder<unknown, unknown>;
  /** The request uses up the resource it names (delete, release, end): it gets one made for it. */
  readonly consumes?: boolean;
  /** No API key (health, sign-up); every other route gets the project's key, mostly. */
  readonly open?: boolean;
}

/** Every route of the REST API, with the codecs it decodes its body and query with. */
export const REST_ROUTES: readonly RouteSpec[] = [
  { method: 'GET', path: '/health', open: true },
  { method: 'POST', path: '/v0/agent/sign-up', body: SignUpBody, open: true },
  { method: 'POST', path: '/v0/agent/verify', body: VerifyBody, open: true },
  { method: 'GET', path: '/v1/usage' },
  { method: 'GET', path: '/v1/agents/voices' },
  { method: 'POST', path: '/v1/agents', body: CreateAgentBody },
  { method: 'GET', path: '/v1/agents', query: AGENT_PAGE },
  { method: 'GET', path: '/v1/agents/:agent' },
  { method: 'PATCH', path: '/v1/agents/:agent', body: UpdateAgentBody },
  { method: 'DELETE', path: '/v1/agents/:agent', consumes: true },
  { method: 'POST', path: '/v1/agents/:agent/numbers', body: AttachNumberBody },
  { method: 'DELETE', path: '/v1/agents/:agent/numbers/:number' },
  { method: 'GET', path: '/v1/agents/:agent/conversations', query: CONVERSATION_PAGE },
  { method: 'GET', path: '/v1/agents/:agent/calls', query: ListCallsQuery },
  { method: 'GET', path: '/v1/agents/:agent/webhook' },
  { method: 'POST', path: '/v1/agents/:agent/webhook', body: WebhookBody },
  { method: 'DELETE', path: '/v1/agents/:agent/webhook' },
  { method: 'GET', path: '/v1/agents/:agent/webhook/deliveries', query: DELIVERY_PAGE },
  { method: 'POST', path: '/v1/agents/:agent/webhook/test' },
  { method: 'POST', path: '/v1/numbers', body: ProvisionNumberBody },
  { method: 'GET', path: '/v1/numbers', query: NUMBER_PAGE },
  { method: 'GET', path: '/v1/numbers/:number' },
  { method: 'DELETE', path: '/v1/numbers/:number', consumes: true },
  { method: 'GET', path: '/v1/numbers/:number/messages', query: MessageListQuery },
  { method: 'GET', path: '/v1/contacts', query: ListContactsQuery },
  { method: 'POST', path: '/v1/contacts', body: CreateContactBody },
  { method: 'GET', path: '/v1/contacts/:contact' },
  { method: 'PATCH', path: '/v1/contacts/:contact', body: UpdateContactBody },
  { method: 'DELETE', path: '/v1/contacts/:contact', consumes: true },
  { method: 'GET', path: '/v1/conversations', query: CONVERSATION_PAGE },
  { method: 'GET', path: '/v1/conversations/:conversation', query: ConversationDetailQuery },
  { method: 'PATCH', path: '/v1/conversations/:conversation', body: UpdateConversationBody },
  { method: 'GET', path: '/v1/conversations/:conversation/messages', query: MessageListQuery },
  { method: 'POST', path: '/v1/messages', body: SendMessageBody },
  { method: 'GET', path: '/v1/webhooks' },
  { method: 'POST', path: '/v1/webhooks', body: WebhookBody },
  { method: 'DELETE', path: '/v1/webhooks' },
  { method: 'GET', path: '/v1/webhooks/deliveries', query: ListDeliveriesQuery },
  { method: 'GET', path: '/v1/webhooks/deliveries/stats', query: DeliveryStatsQuery },
  { method: 'GET', path: '/v1/webhooks/deliveries/all-time' },
  { method: 'POST', path: '/v1/webhooks/test', query: TestWebhookQuery },
  { method: 'GET', path: '/v1/calls', query: ListCallsQuery },
  { method: 'POST', path: '/v1/calls', body: CreateCallBody },
  { method: 'POST', path: '/v1/calls/web', body: CreateWebCallBody },
  { method: 'GET', path: '/v1/calls/:call' },
  { method: 'POST', path: '/v1/calls/:call/end', consumes: true },
  { method: 'GET', path: '/v1/calls/:call/transcript' },
  { method: 'GET', path: '/v1/calls/:call/transcript/stream' },
  { method: 'GET', path: '/v1/calls/:call/recording' },
  // Nothing is served here: the fallback must still answer in the envelope.
  { method: 'PUT', path: '/v1/agents/:agent' },
  { method: 'GET', path: '/v1/nowhere/:agent' },
];

/** Twilio's webhooks and the form parameters they read (signed as Twilio would, mostly). */
export const TWILIO_ROUTES: readonly { readonly path: string; readonly params: readonly string[]; readonly query?: readonly string[] }[] = [
  { path: '/twilio/sms', params: ['MessageSid', 'From', 'To', 'Body', 'NumMedia', 'MediaUrl0'] },
  { path: '/twilio/sms/status', params: ['MessageSid', 'MessageStatus', 'SmsStatus', 'ErrorCode'], query: ['projectId', 'messageId'] },
  { path: '/twilio/voice', params: ['CallSid', 'From', 'To'] },
  { path: '/twilio/voice/relay-ended', params: ['CallSid', 'HandoffData', 'SessionStatus', 'CallDuration'], query: ['callId'] },
  { path: '/twilio/voice/status', params: ['CallSid', 'CallStatus', 'CallDuration'], query: ['callId'] },
  { path: '/twilio/voice/recording', params: ['CallSid', 'RecordingStatus', 'RecordingUrl'], query: ['callId'] },
];
