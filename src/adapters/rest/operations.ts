import * as t from 'io-ts';
import { json, kept, operation, v1, type Operation } from './operation.js';
import { AttachNumberBody, CreateAgentBody, UpdateAgentBody } from './codecs/agents.js';
import { AddRecipientsBody, CreateCampaignBody, ListCampaignsQuery, ListRecipientsQuery } from './codecs/campaigns.js';
import { CreateCallBody, CreateWebCallBody, GetCallQuery, ListCallsQuery } from './codecs/calls.js';
import { CreateContactBody, ListContactsQuery, UpdateContactBody } from './codecs/contacts.js';
import { CONVERSATION_PAGE, ConversationDetailQuery, UpdateConversationBody } from './codecs/conversations.js';
import { MessageListQuery, SendMessageBody } from './codecs/messages.js';
import { LookupNumberQuery } from './codecs/number-lookup.js';
import { ProvisionNumberBody } from './codecs/numbers.js';
import { CreateSubAccountBody, IssueSubAccountKeyBody, SUB_ACCOUNT_PAGE, UpdateSubAccountBody } from './codecs/sub-accounts.js';
import { RegisterBody } from './codecs/registration.js';
import { SignUpBody, VerifyBody } from './codecs/signup.js';
import { AddDocumentBody, CreateKnowledgeBaseBody, KNOWLEDGE_PAGE, SearchKnowledgeQuery, UpdateDocumentBody, UpdateKnowledgeBaseBody } from './codecs/knowledge.js';
import { AGENT_TEST_PAGE, AgentTestBody, StartTestRunBody, TestRunListQuery } from './codecs/agent-tests.js';
import { AddSuppressionBody, ListSuppressionsQuery, RemoveSuppressionQuery } from './codecs/suppressions.js';
import { UpdateOutboundSettingsBody } from './codecs/outbound-settings.js';
import { ExportAuditEventsQuery, ListAuditEventsQuery } from './codecs/audit-events.js';
import { AuditEventView, AUDIT_EVENT_CSV_HEADER } from './views/audit-events.js';
import { OutboundSettingsView } from './views/outbound-settings.js';
import { DELIVERY_PAGE, DeliveryStatsQuery, ListDeliveriesQuery, TestWebhookQuery, WebhookBody } from './codecs/webhooks.js';
import { AGENT_PAGE, NUMBER_PAGE } from './pagination.js';
import { AgentView, AttachedNumberView, DeletedAgentView, VoiceListView } from './views/agents.js';
import { CallDetailView, CallPageView, EndingCallView, PlacedCallView, TranscriptView, WebCallView } from './views/calls.js';
import { CampaignPageView, CampaignPreviewView, CampaignView, CreatedCampaignView, RecipientImportView, RecipientPageView } from './views/campaigns.js';
import { ContactImportView, ContactView } from './views/contacts.js';
import { ConversationDetailView, ConversationView } from './views/conversations.js';
import { messageSliceOf, MessageView, NumberMessageView, SentMessageView } from './views/messages.js';
import { NumberLookupView } from './views/number-lookup.js';
import { NumberView, ReleasedNumberView } from './views/numbers.js';
import { RegistrationView } from './views/registration.js';
import { pageOf, SuccessView } from './views/schema.js';
import { SignUpStartedView, SignUpVerifiedView } from './views/signup.js';
import { KnowledgeBaseView, KnowledgeDocumentDetailView, KnowledgeDocumentView, KnowledgeSearchView } from './views/knowledge.js';
import { AgentTestView, TestRunView } from './views/agent-tests.js';
import { SuppressionImportView, SuppressionView } from './views/suppressions.js';
import { ApiKeyIssuedView, CreatedSubAccountView, SubAccountView } from './views/sub-accounts.js';
import { UsageView } from './views/usage.js';
import { DailyUsageView, MonthlyUsageView } from './views/usage-series.js';
import { DailyUsageQuery, MonthlyUsageQuery, UsageBreakdownQuery } from './codecs/usage.js';
import { ScenarioCodec } from './codecs/scenarios.js';
import { UsageByAgentView, UsageByNumberView } from './views/usage-breakdown.js';
import {
  AgentDeliveriesView,
  AllTimeStatsView,
  DeliveryPageView,
  DeliveryStatsView,
  MaybeWebhookView,
  TestWebhookView,
  WebhookView,
} from './views/webhooks.js';

export type { Operation, Success, TextBody } from './operation.js';

/** Every operation, by its `operationId`. */
export const OPERATIONS = {
  health: operation({ method: 'get', path: '/health', tag: 'Service', summary: 'Is the service ready?', auth: false, success: json(t.strict({ status: t.literal('ok') })), failures: [503] }),

  signUp: operation({
    method: 'post', path: '/v0/agent/sign-up', tag: 'Sign-up', auth: false, body: SignUpBody, success: json(SignUpStartedView), failures: [409, 429, 503],
    summary: 'Start a sign-up: a 6-digit code is e-mailed to the human',
  }),
  verifySignUp: operation({
    method: 'post', path: '/v0/agent/verify', tag: 'Sign-up', auth: false, body: VerifyBody, success: json(SignUpVerifiedView), failures: [400, 404, 409, 429, 502, 503],
    summary: 'Finish a sign-up with the code: a project, an agent, a number and an API key (shown once)',
  }),

  getUsage: operation({ method: 'get', path: '/v1/usage', tag: 'Usage', summary: "The project's balance, numbers and this month's charges", ...v1, success: json(UsageView) }),
  getDailyUsage: operation({
    method: 'get', path: '/v1/usage/daily', tag: 'Usage', ...v1, query: DailyUsageQuery, success: json(DailyUsageView),
    summary: "Texts, calls, voice minutes and charges per day of a time zone, today's last",
  }),
  getMonthlyUsage: operation({
    method: 'get', path: '/v1/usage/monthly', tag: 'Usage', ...v1, query: MonthlyUsageQuery, success: json(MonthlyUsageView),
    summary: "Texts, calls, voice minutes and charges per calendar month of a time zone, this month's last",
  }),
  getUsageByNumber: operation({
    method: 'get', path: '/v1/usage/by-number', tag: 'Usage', ...v1, query: UsageBreakdownQuery, success: json(UsageByNumberView),
    summary: 'Calls, voice minutes, texts in and out and charges per number, over a day, week or month of a time zone, or from one day to another',
  }),
  getUsageByAgent: operation({
    method: 'get', path: '/v1/usage/by-agent', tag: 'Usage', ...v1, query: UsageBreakdownQuery, success: json(UsageByAgentView),
    summary: 'Calls, voice minutes, texts in and out and charges per agent, over a day, week or month of a time zone, or from one day to another',
  }),

  createSubAccount: operation({
    method: 'post', path: '/v1/sub-accounts', tag: 'Sub-accounts', ...v1, body: CreateSubAccountBody, success: json(CreatedSubAccountView, 201), failures: [403, 409],
    summary: 'Open a sub-account: a project of its own under this one, with its first API key (shown once)',
    description: 'Act on it with this project\'s key and `X-Sub-Account-Id: <id>` on any request, or give it its own key, which sees only the sub-account. `balanceMode` `shared` (the default) charges it to this project\'s balance; `own` gives it a balance of its own, starting at zero. Limits default to, and may not exceed, this project\'s own. A sub-account cannot open sub-accounts (403 `SUB_ACCOUNT_NESTED`); a project may have 100 open ones (409).',
  }),
  listSubAccounts: operation({ method: 'get', path: '/v1/sub-accounts', tag: 'Sub-accounts', summary: "The project's open sub-accounts, oldest first", ...v1, query: SUB_ACCOUNT_PAGE, success: json(pageOf(SubAccountView)) }),
  getSubAccount: operation({ method: 'get', path: '/v1/sub-accounts/{subAccountId}', tag: 'Sub-accounts', summary: 'One sub-account, with the balance it draws on', ...v1, success: json(SubAccountView) }),
  updateSubAccount: operation({ method: 'patch', path: '/v1/sub-accounts/{subAccountId}', tag: 'Sub-accounts', summary: "Rename a sub-account or change its limits (at most this project's own)", ...v1, body: UpdateSubAccountBody, success: json(SubAccountView) }),
  closeSubAccount: operation({
    method: 'delete', path: '/v1/sub-accounts/{subAccountId}', tag: 'Sub-accounts', summary: 'Close a sub-account for good: its keys stop working, its records stay', ...v1, success: json(SubAccountView), failures: [409],
    description: 'Refused 409 while it holds live numbers: release them first. A closed sub-account leaves the list and answers 404 from then on, to `X-Sub-Account-Id` too.',
  }),
  issueSubAccountKey: operation({ method: 'post', path: '/v1/sub-accounts/{subAccountId}/api-keys', tag: 'Sub-accounts', summary: "Issue one more of a sub-account's own API keys (shown once)", ...v1, body: IssueSubAccountKeyBody, success: json(ApiKeyIssuedView, 201) }),

  listVoices: operation({ method: 'get', path: '/v1/agents/voices', tag: 'Agents', summary: 'The voices an agent can speak with', ...v1, success: json(VoiceListView) }),
  createAgent: operation({ method: 'post', path: '/v1/agents', tag: 'Agents', summary: 'Create an agent', ...v1, body: CreateAgentBody, success: json(AgentView) }),
  listAgents: operation({ method: 'get', path: '/v1/agents', tag: 'Agents', summary: 'List agents', ...v1, ...kept, query: AGENT_PAGE, success: json(pageOf(AgentView)) }),
  getAgent: operation({ method: 'get', path: '/v1/agents/{agentId}', tag: 'Agents', summary: 'Get an agent', ...v1, success: json(AgentView) }),
  updateAgent: operation({ method: 'patch', path: '/v1/agents/{agentId}', tag: 'Agents', summary: 'Change an agent', ...v1, body: UpdateAgentBody, success: json(AgentView) }),
  deleteAgent: operation({ method: 'delete', path: '/v1/agents/{agentId}', tag: 'Agents', summary: 'Delete an agent (its numbers stay, detached)', ...v1, success: json(DeletedAgentView) }),
  attachNumber: operation({ method: 'post', path: '/v1/agents/{agentId}/numbers', tag: 'Agents', summary: 'Attach a number to an agent', ...v1, body: AttachNumberBody, success: json(AttachedNumberView), failures: [400, 409] }),
  detachNumber: operation({ method: 'delete', path: '/v1/agents/{agentId}/numbers/{numberId}', tag: 'Agents', summary: 'Detach a number from an agent', ...v1, success: json(SuccessView) }),
  listAgentConversations: operation({ method: 'get', path: '/v1/agents/{agentId}/conversations', tag: 'Conversations', summary: "List an agent's conversations", ...v1, ...kept, query: CONVERSATION_PAGE, success: json(pageOf(ConversationView)) }),
  listAgentCalls: operation({ method: 'get', path: '/v1/agents/{agentId}/calls', tag: 'Calls', summary: "List an agent's calls", ...v1, ...kept, query: ListCallsQuery, success: json(CallPageView) }),
  getAgentWebhook: operation({ method: 'get', path: '/v1/agents/{agentId}/webhook', tag: 'Webhook settings', summary: "An agent's own webhook, or null", ...v1, success: json(MaybeWebhookView) }),
  setAgentWebhook: operation({ method: 'post', path: '/v1/agents/{agentId}/webhook', tag: 'Webhook settings', summary: "Set an agent's own webhook (a new secret each time)", ...v1, body: WebhookBody, success: json(WebhookView), failures: [409] }),
  deleteAgentWebhook: operation({ method: 'delete', path: '/v1/agents/{agentId}/webhook', tag: 'Webhook settings', summary: "Remove an agent's own webhook", ...v1, success: json(SuccessView) }),
  listAgentDeliveries: operation({ method: 'get', path: '/v1/agents/{agentId}/webhook/deliveries', tag: 'Webhook settings', summary: "The latest deliveries of an agent's events", ...v1, query: DELIVERY_PAGE, success: json(AgentDeliveriesView) }),
  testAgentWebhook: operation({ method: 'post', path: '/v1/agents/{agentId}/webhook/test', tag: 'Webhook settings', summary: "Send a test event to an agent's webhook", ...v1, success: json(TestWebhookView), failures: [400] }),

  provisionNumber: operation({ method: 'post', path: '/v1/numbers', tag: 'Numbers', summary: 'Buy a number', ...v1, body: ProvisionNumberBody, success: json(NumberView), failures: [402, 404, 502, 503] }),
  listNumbers: operation({ method: 'get', path: '/v1/numbers', tag: 'Numbers', summary: 'List numbers', ...v1, query: NUMBER_PAGE, success: json(pageOf(NumberView)) }),
  lookupNumber: operation({ method: 'get', path: '/v1/numbers/lookup', tag: 'Numbers', summary: 'Look up any phone number', ...v1, query: LookupNumberQuery, success: json(NumberLookupView), failures: [402, 502] }),
  getNumber: operation({ method: 'get', path: '/v1/numbers/{numberId}', tag: 'Numbers', summary: 'Get a number', ...v1, success: json(NumberView) }),
  releaseNumber: operation({ method: 'delete', path: '/v1/numbers/{numberId}', tag: 'Numbers', summary: 'Release a number', ...v1, success: json(ReleasedNumberView), failures: [400, 502] }),
  listNumberMessages: operation({ method: 'get', path: '/v1/numbers/{numberId}/messages', tag: 'Messages', summary: 'Texts sent and received on a number, newest first', ...v1, query: MessageListQuery, success: json(messageSliceOf(NumberMessageView)) }),

  listContacts: operation({ method: 'get', path: '/v1/contacts', tag: 'Contacts', summary: 'List contacts', ...v1, query: ListContactsQuery, success: json(pageOf(ContactView)) }),
  createContact: operation({ method: 'post', path: '/v1/contacts', tag: 'Contacts', summary: 'Create a contact', ...v1, body: CreateContactBody, success: json(ContactView, 201), failures: [409] }),
  getContact: operation({ method: 'get', path: '/v1/contacts/{contactId}', tag: 'Contacts', summary: 'Get a contact', ...v1, success: json(ContactView) }),
  updateContact: operation({ method: 'patch', path: '/v1/contacts/{contactId}', tag: 'Contacts', summary: 'Change a contact', ...v1, body: UpdateContactBody, success: json(ContactView), failures: [409] }),
  importContacts: operation({
    method: 'post', path: '/v1/contacts/import', tag: 'Contacts', summary: 'Add or update many contacts, with their consent, from a CSV file', ...v1, success: json(ContactImportView, 201), failures: [422],
    textBody: { media: 'text/csv', description: 'A header row naming `name` and `phoneNumber` (or `phone`, `number`), optionally `email`, `notes`, and per channel `voiceConsent` / `smsConsent` (the basis), `…ConsentSource`, `…ConsentCapturedAt`, `…ConsentEvidence`. A number the project has already updates that contact. Every bad row is reported with its line number, and then nothing is imported.' },
  }),
  deleteContact: operation({ method: 'delete', path: '/v1/contacts/{contactId}', tag: 'Contacts', summary: 'Delete a contact', ...v1, success: { status: 204 } }),

  listSuppressions: operation({ method: 'get', path: '/v1/suppressions', tag: 'Suppressions', summary: 'The suppression list, newest first', ...v1, query: ListSuppressionsQuery, success: json(pageOf(SuppressionView)) }),
  addSuppression: operation({
    method: 'post', path: '/v1/suppressions', tag: 'Suppressions', summary: 'Put numbers on the suppression list: JSON for one, or a CSV file', ...v1,
    body: AddSuppressionBody,
    textBody: {
      media: 'text/csv',
      description: 'A header row naming `phoneNumber` (or `phone`, `number`), optionally `channel` (`voice`, `sms` or `all`, the default) and `reason`; other columns are ignored, so an export imports as it is. Every bad row is reported with its line number, and then nothing is added.',
    },
    success: json(SuppressionImportView, 201),
    description: 'A suppressed number is refused 409 `CONTACT_SUPPRESSED` by every outbound path (calls, texts, campaigns, MCP, retries); inbound calls and texts from it are never blocked. A number already listed for the channel keeps its first entry.',
  }),
  exportSuppressions: operation({ method: 'get', path: '/v1/suppressions/export.csv', tag: 'Suppressions', summary: 'The suppression list as CSV', ...v1, success: { status: 200, media: 'text/csv', description: 'A header row, then one line per entry: `phoneNumber, channel, reason, source, createdAt`.' } }),
  getOutboundSettings: operation({ method: 'get', path: '/v1/outbound-settings', tag: 'Compliance', summary: "The project's attempt cap and default calling window, as they hold", ...v1, success: json(OutboundSettingsView) }),
  listAuditEvents: operation({
    method: 'get', path: '/v1/audit-events', tag: 'Compliance', ...v1, query: ListAuditEventsQuery, success: json(pageOf(AuditEventView)),
    summary: 'The audit trail, newest first: suppression changes, consent changes and refused attempts, with who and why',
  }),
  exportAuditEvents: operation({
    method: 'get', path: '/v1/audit-events/export.csv', tag: 'Compliance', summary: 'The audit trail as CSV (or `GET /v1/audit-events` with `Accept: text/csv`)', ...v1, query: ExportAuditEventsQuery,
    success: { status: 200, media: 'text/csv', description: `A header row, then one line per event, newest first: \`${AUDIT_EVENT_CSV_HEADER.join(', ')}\`.` },
  }),
  updateOutboundSettings: operation({ method: 'patch', path: '/v1/outbound-settings', tag: 'Compliance', summary: "Set the project's attempt cap (`node_default`: the node's) or default calling window", ...v1, body: UpdateOutboundSettingsBody, success: json(OutboundSettingsView) }),
  removeSuppression: operation({ method: 'delete', path: '/v1/suppressions/{phoneNumber}', tag: 'Suppressions', summary: 'Take a number off the suppression list (one channel, or all)', ...v1, query: RemoveSuppressionQuery, success: { status: 204 } }),
  listKnowledgeBases: operation({ method: 'get', path: '/v1/knowledge-bases', tag: 'Knowledge bases', summary: "The project's knowledge bases, oldest first", ...v1, query: KNOWLEDGE_PAGE, success: json(pageOf(KnowledgeBaseView)) }),
  createKnowledgeBase: operation({ method: 'post', path: '/v1/knowledge-bases', tag: 'Knowledge bases', summary: 'Create a knowledge base', ...v1, body: CreateKnowledgeBaseBody, success: json(KnowledgeBaseView, 201) }),
  getKnowledgeBase: operation({ method: 'get', path: '/v1/knowledge-bases/{id}', tag: 'Knowledge bases', summary: 'A knowledge base', ...v1, success: json(KnowledgeBaseView) }),
  updateKnowledgeBase: operation({ method: 'patch', path: '/v1/knowledge-bases/{id}', tag: 'Knowledge bases', summary: "Rename a knowledge base or change its description", ...v1, body: UpdateKnowledgeBaseBody, success: json(KnowledgeBaseView) }),
  deleteKnowledgeBase: operation({ method: 'delete', path: '/v1/knowledge-bases/{id}', tag: 'Knowledge bases', summary: 'Delete a knowledge base with its documents', ...v1, success: { status: 204 } }),
  searchKnowledgeBase: operation({
    method: 'get', path: '/v1/knowledge-bases/{id}/search', tag: 'Knowledge bases', ...v1, query: SearchKnowledgeQuery, success: json(KnowledgeSearchView),
    summary: 'Try a query: the passages a hosted agent would be given, best first',
    description: 'Full-text search: every word, `"phrases"`, `-excluded` and `or` as web search engines read them, stems matched (refunds finds refund), and words spelt a little wrong matched by their trigrams. With an embedding model configured, the passages nearest in meaning too, both rankings combined by reciprocal-rank fusion.',
  }),
  listDocuments: operation({ method: 'get', path: '/v1/knowledge-bases/{id}/documents', tag: 'Knowledge bases', summary: "A knowledge base's documents, oldest first", ...v1, query: KNOWLEDGE_PAGE, success: json(pageOf(KnowledgeDocumentView)) }),
  addDocument: operation({
    method: 'post', path: '/v1/knowledge-bases/{id}/documents', tag: 'Knowledge bases', ...v1, body: AddDocumentBody, success: json(KnowledgeDocumentDetailView, 201), failures: [413],
    summary: 'Add a document: text, Markdown, HTML, a PDF (base64), or a URL to fetch; it is cut into passages and indexed',
  }),
  getDocument: operation({ method: 'get', path: '/v1/knowledge-bases/{id}/documents/{documentId}', tag: 'Knowledge bases', summary: 'A document with its text as indexed', ...v1, success: json(KnowledgeDocumentDetailView) }),
  updateDocument: operation({
    method: 'patch', path: '/v1/knowledge-bases/{id}/documents/{documentId}', tag: 'Knowledge bases', ...v1, body: UpdateDocumentBody, success: json(KnowledgeDocumentDetailView), failures: [413],
    summary: 'Retitle a document, or give it new text or a URL: it is re-indexed',
  }),
  deleteDocument: operation({ method: 'delete', path: '/v1/knowledge-bases/{id}/documents/{documentId}', tag: 'Knowledge bases', summary: 'Delete a document and its passages', ...v1, success: { status: 204 } }),

  listAgentTests: operation({ method: 'get', path: '/v1/agents/{agentId}/tests', tag: 'Tests', summary: "An agent's scenario tests, oldest first", ...v1, query: AGENT_TEST_PAGE, success: json(pageOf(AgentTestView)) }),
  createAgentTest: operation({ method: 'post', path: '/v1/agents/{agentId}/tests', tag: 'Tests', ...v1, body: AgentTestBody, success: json(AgentTestView, 201), summary: 'Keep a scenario test with an agent', description: 'The body is a scenario in the format of scenario files (docs/testing.md) without `agent`: the test is of the path\'s agent. It is decoded whole, so one that would not run is refused with 422 naming the field; one over the size a test keeps is 413.', }),
  getAgentTest: operation({ method: 'get', path: '/v1/agents/{agentId}/tests/{testId}', tag: 'Tests', summary: 'A scenario test', ...v1, success: json(AgentTestView) }),
  updateAgentTest: operation({ method: 'patch', path: '/v1/agents/{agentId}/tests/{testId}', tag: 'Tests', summary: "Put a new scenario in place of a test's", ...v1, body: AgentTestBody, success: json(AgentTestView) }),
  deleteAgentTest: operation({ method: 'delete', path: '/v1/agents/{agentId}/tests/{testId}', tag: 'Tests', summary: 'Delete a scenario test', ...v1, success: { status: 204 } }),
  startTestRun: operation({ method: 'post', path: '/v1/test-runs', tag: 'Tests', ...v1, body: StartTestRunBody, success: json(TestRunView, 202), summary: "Run an agent's tests (all, or those named) on the server", description: 'Answers at once with the run `queued`; it is played in the background on a simulated carrier and clock, away from the project\'s data, and `agent.test_run_completed` is sent when it is done.', }),
  listTestRuns: operation({ method: 'get', path: '/v1/test-runs', tag: 'Tests', summary: "The project's test runs (or one agent's), newest first", ...v1, query: TestRunListQuery, success: json(pageOf(TestRunView)) }),
  getTestRun: operation({ method: 'get', path: '/v1/test-runs/{runId}', tag: 'Tests', summary: "A test run: its status, counts, and each scenario's verdict, expectations and transcript", ...v1, success: json(TestRunView) }),
  cancelTestRun: operation({ method: 'post', path: '/v1/test-runs/{runId}/cancel', tag: 'Tests', summary: 'Stop a queued or running test run; it keeps the results it has', ...v1, success: json(TestRunView), failures: [409] }),
  listConversations: operation({ method: 'get', path: '/v1/conversations', tag: 'Conversations', summary: 'List SMS conversations, latest first', ...v1, ...kept, query: CONVERSATION_PAGE, success: json(pageOf(ConversationView)) }),
  getConversation: operation({ method: 'get', path: '/v1/conversations/{conversationId}', tag: 'Conversations', summary: 'A conversation with its recent messages', ...v1, query: ConversationDetailQuery, success: json(ConversationDetailView) }),
  updateConversation: operation({ method: 'patch', path: '/v1/conversations/{conversationId}', tag: 'Conversations', summary: "Set a conversation's state (sent to your webhook with each message)", ...v1, body: UpdateConversationBody, success: json(ConversationDetailView) }),
  listConversationMessages: operation({ method: 'get', path: '/v1/conversations/{conversationId}/messages', tag: 'Conversations', summary: "A conversation's messages, newest first", ...v1, ...kept, query: MessageListQuery, success: json(messageSliceOf(MessageView)) }),

  register: operation({
    method: 'post', path: '/v1/register', tag: 'Messages', summary: 'Register the project for A2P 10DLC: its business (brand) and campaign use case', ...v1,
    body: RegisterBody, success: json(RegistrationView), failures: [409, 422, 502],
    description:
      'US carriers require A2P 10DLC registration before texts go out from 10-digit US numbers. With Twilio as the carrier the details are submitted through its Trust Hub and Messaging APIs (a customer profile, an A2P messaging profile, a brand registration, and a Messaging Service holding the project\'s numbers); the answer is `pending` and `GET /v1/register/status` follows the review. On the simulated carrier the first status read approves it. A pending or approved registration answers 409; a failed one may be submitted again.',
  }),
  getRegistrationStatus: operation({
    method: 'get', path: '/v1/register/status', tag: 'Messages', summary: 'Where the A2P 10DLC registration stands, as the carrier reports it', ...v1, success: json(RegistrationView),
    description: 'While the registration is `pending` each read asks the carrier, and moves it on (with Twilio, the campaign is submitted once the brand is approved). `unregistered` before any submission.',
  }),
  sendMessage: operation({
    method: 'post', path: '/v1/messages', tag: 'Messages', summary: 'Send a text from an agent', ...v1, idempotent: true,
    body: SendMessageBody, success: json(SentMessageView), failures: [402, 404, 409, 422, 502],
    description:
      'The text is stored before the carrier is asked and is sent (or marked `failed`) even if the server stops mid-request. Send an `Idempotency-Key` to retry safely: the same key with the same body answers the first status and body again and sends nothing; with another body it is refused 422 `IDEMPOTENCY_KEY_REUSED`; while the first request is still sending it is answered 409 `IDEMPOTENCY_KEY_IN_USE` (retry shortly). Keys are per project and kept at least 24 hours.',
  }),

  getWebhook: operation({ method: 'get', path: '/v1/webhooks', tag: 'Webhook settings', summary: "The project's default webhook, or null", ...v1, success: json(MaybeWebhookView) }),
  setWebhook: operation({ method: 'post', path: '/v1/webhooks', tag: 'Webhook settings', summary: "Set the project's default webhook (a new secret each time)", ...v1, body: WebhookBody, success: json(WebhookView), failures: [409] }),
  deleteWebhook: operation({ method: 'delete', path: '/v1/webhooks', tag: 'Webhook settings', summary: "Remove the project's default webhook", ...v1, success: json(SuccessView) }),
  listDeliveries: operation({ method: 'get', path: '/v1/webhooks/deliveries', tag: 'Webhook settings', summary: 'The delivery log', ...v1, query: ListDeliveriesQuery, success: json(DeliveryPageView) }),
  getDeliveryStats: operation({ method: 'get', path: '/v1/webhooks/deliveries/stats', tag: 'Webhook settings', summary: 'Delivery counts of the last hours, by event and by hour', ...v1, query: DeliveryStatsQuery, success: json(DeliveryStatsView) }),
  getAllTimeDeliveryStats: operation({ method: 'get', path: '/v1/webhooks/deliveries/all-time', tag: 'Webhook settings', summary: 'Delivery counts since the start', ...v1, success: json(AllTimeStatsView) }),
  testWebhook: operation({ method: 'post', path: '/v1/webhooks/test', tag: 'Webhook settings', summary: 'Send a test event to the webhook an agent (or the project) uses', ...v1, query: TestWebhookQuery, success: json(TestWebhookView), failures: [400, 404] }),

  listCalls: operation({ method: 'get', path: '/v1/calls', tag: 'Calls', summary: 'The call log', ...v1, ...kept, query: ListCallsQuery, success: json(CallPageView) }),
  placeCall: operation({
    method: 'post', path: '/v1/calls', tag: 'Calls', summary: 'Place an outbound call; with `waitForCompletion`, answer with the call and its transcript when it ends', ...v1,
    body: CreateCallBody, success: json(t.union([PlacedCallView, CallDetailView])), failures: [402, 404, 409, 429, 502],
  }),
  createWebCall: operation({ method: 'post', path: '/v1/calls/web', tag: 'Calls', summary: 'Start a browser call: a short-lived access token for the Twilio Voice SDK', ...v1, body: CreateWebCallBody, success: json(WebCallView), failures: [404, 502] }),
  getCall: operation({
    method: 'get', path: '/v1/calls/{callId}', tag: 'Calls', summary: 'A call with its transcript; with `wait=true`, when it ends or `timeout` seconds pass', ...v1,
    query: GetCallQuery, success: json(CallDetailView),
  }),
  endCall: operation({ method: 'post', path: '/v1/calls/{callId}/end', tag: 'Calls', summary: 'Hang up a call in progress', ...v1, success: json(EndingCallView), failures: [409, 502] }),
  recordCallScenario: operation({ method: 'post', path: '/v1/calls/{callId}/scenario', tag: 'Calls', summary: 'An ended call as a regression scenario: its caller replayed, its outcome expected (docs/testing.md)', ...v1, success: json(ScenarioCodec), failures: [409] }),
  getTranscript: operation({ method: 'get', path: '/v1/calls/{callId}/transcript', tag: 'Calls', summary: "A call's transcript", ...v1, success: json(TranscriptView) }),
  streamTranscript: operation({
    method: 'get', path: '/v1/calls/{callId}/transcript/stream', tag: 'Calls', summary: "A call's transcript as it happens (Server-Sent Events)", ...v1,
    success: {
      status: 200,
      media: 'text/event-stream',
      description: 'Events `connected` ({callId}), then `turn` (a transcript turn, `id` its sequence) for each turn so far and each new one, `unanswered` (live only: {callId, turnSequence, reason, message, fix, and httpStatus, error or timeoutSeconds where they apply}) when a caller turn got no answer from the agent and why (no webhook, a failing webhook, no or a failing language model, an empty answer), and `ended` ({callId, status}) when the call ends. A comment line every 15 s keeps proxies from closing it.',
    },
  }),
  getRecording: operation({
    method: 'get', path: '/v1/calls/{callId}/recording', tag: 'Calls', summary: "A call's recording (while the recording add-on is on)", ...v1,
    success: { status: 200, media: 'audio/*', description: 'The audio, as the carrier recorded it (`Content-Type` says which format).' },
    failures: [502],
  }),

  createCampaign: operation({
    method: 'post', path: '/v1/campaigns', tag: 'Campaigns', summary: 'Create a campaign: a list of people for an agent to call, within calling hours', ...v1,
    body: CreateCampaignBody, success: json(CreatedCampaignView, 201), failures: [404],
  }),
  listCampaigns: operation({ method: 'get', path: '/v1/campaigns', tag: 'Campaigns', summary: 'List campaigns, newest first', ...v1, query: ListCampaignsQuery, success: json(CampaignPageView) }),
  getCampaign: operation({ method: 'get', path: '/v1/campaigns/{campaignId}', tag: 'Campaigns', summary: 'A campaign with how many recipients are at each stage', ...v1, success: json(CampaignView) }),
  addCampaignRecipients: operation({
    method: 'post', path: '/v1/campaigns/{campaignId}/recipients', tag: 'Campaigns', summary: 'Add recipients: JSON `{recipients: [...]}`, or a CSV file', ...v1,
    body: AddRecipientsBody,
    textBody: {
      media: 'text/csv',
      description: 'A header row naming `phoneNumber` (or `phone_number`, `phone`, `number`), optionally `contactId`; every other column becomes a variable of the same name. Every bad row is reported with its line number, and then nothing is added.',
    },
    success: json(RecipientImportView, 201), failures: [409],
  }),
  listCampaignRecipients: operation({
    method: 'get', path: '/v1/campaigns/{campaignId}/recipients', tag: 'Campaigns', summary: "A campaign's recipients with their attempts, by status or outcome", ...v1,
    query: ListRecipientsQuery, success: json(RecipientPageView),
  }),
  getCampaignResults: operation({
    method: 'get', path: '/v1/campaigns/{campaignId}/results.csv', tag: 'Campaigns', summary: "A campaign's results, one line per recipient (CSV)", ...v1,
    success: { status: 200, media: 'text/csv', description: 'A header row, then one line per recipient: `recipientId, phoneNumber, contactId, status, outcome, skipReason, attempts, lastCallId, callIds` (each `callId:outcome`, space-separated) and `variables` (JSON).' },
  }),
  previewCampaign: operation({
    method: 'post', path: '/v1/campaigns/{campaignId}/preview', tag: 'Campaigns', summary: 'Count whom the campaign would dial now, and whom it would skip or hold and why, before any call', ...v1, success: json(CampaignPreviewView),
  }),
  startCampaign: operation({ method: 'post', path: '/v1/campaigns/{campaignId}/start', tag: 'Campaigns', summary: 'Start a draft campaign (it runs at `schedule.startAt`, if later)', ...v1, success: json(CampaignView), failures: [409] }),
  pauseCampaign: operation({ method: 'post', path: '/v1/campaigns/{campaignId}/pause', tag: 'Campaigns', summary: 'Pause a campaign: calls in progress finish, no new ones', ...v1, success: json(CampaignView), failures: [409] }),
  resumeCampaign: operation({ method: 'post', path: '/v1/campaigns/{campaignId}/resume', tag: 'Campaigns', summary: 'Resume a paused campaign', ...v1, success: json(CampaignView), failures: [409] }),
  cancelCampaign: operation({ method: 'post', path: '/v1/campaigns/{campaignId}/cancel', tag: 'Campaigns', summary: 'Cancel a campaign for good: recipients not yet called are skipped', ...v1, success: json(CampaignView), failures: [409] }),
} as const satisfies Readonly<Record<string, Operation>>;

export type OperationId = keyof typeof OPERATIONS;
