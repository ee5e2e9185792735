import type { CarrierLookup, NumberingPlan } from '../../application/ports/number-lookup.js';
import type { MessagingRegistrar } from '../../application/ports/messaging-registrar.js';
import type { SenderPool } from '../../application/messaging/sender-pool.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import type { Clock } from '../../application/ports/clock.js';
import type { UsageQuery } from '../../application/queries/usage-query.js';
import type { Timers } from '../../application/ports/timers.js';
import type { Credentials } from '../../application/ports/credentials.js';
import type { EventBus } from '../../application/ports/event-bus.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { LanguageModel } from '../../application/ports/language-model.js';
import type { Logger } from '../../application/ports/logger.js';
import type { Mailer } from '../../application/ports/mailer.js';
import type { RateLimiter } from '../../application/ports/rate-limiter.js';
import type { CallWebhooks, NumberWebhooks, Telephony } from '../../application/ports/telephony.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { AgentPageQuery } from '../../application/queries/agent-page-query.js';
import type { AgentQuery } from '../../application/queries/agent-query.js';
import type { CallQuery } from '../../application/queries/call-query.js';
import type { ConversationQuery } from '../../application/queries/conversation-query.js';
import type { LedgerQuery } from '../../application/queries/ledger-query.js';
import type { NumberMessagesQuery } from '../../application/queries/number-messages-query.js';
import type { WebhookListQuery } from '../../application/queries/webhook-list-query.js';
import type { ProjectListQuery } from '../../application/queries/project-list-query.js';
import type { ProjectQuery } from '../../application/queries/project-query.js';
import type { ApiKeyListQuery } from '../../application/queries/api-key-list-query.js';
import type { DeliveryLogQuery } from '../../application/queries/delivery-log-query.js';
import type { ContactListQuery } from '../../application/queries/contact-list-query.js';
import type { NumberListQuery } from '../../application/queries/number-list-query.js';
import type { AuditEventQuery } from '../../application/queries/audit-event-query.js';
import type { CallPageQuery } from '../../application/queries/call-page-query.js';
import type { ConversationMessagesQuery } from '../../application/queries/conversation-messages-query.js';
import type { ConversationPageQuery } from '../../application/queries/conversation-page-query.js';
import type { VoiceCatalog } from '../../application/ports/voice-catalog.js';
import type { VoiceTurnTransport } from '../../application/ports/voice-turn-transport.js';
import type { DeliveryTrigger, EventHandOff } from '../../application/ports/webhook-repositories.js';
import type { OutboundEventEncoder } from '../../application/ports/outbound-event-encoder.js';
import type { InboundTextStore } from '../../application/ports/inbound-text-store.js';
import type { WebhookTransport } from '../../application/ports/webhook-transport.js';
import type { AgentBrain } from '../../application/ports/agent-brain.js';
import type { BillingClock } from '../../application/accounts/billing-clock.js';
import type { HostedSmsResponder } from '../../application/hosted/hosted-sms-responder.js';
import type { RecentHealth } from '../../application/kernel/recent-health.js';
import type { SignUpSweeper } from '../../application/accounts/sign-up-sweeper.js';
import type { CallDrain } from '../../application/voice/call-drain.js';
import type { VoiceSessionEngine } from '../../application/voice/voice-session-engine.js';
import type { WebhookDispatcher } from '../../application/webhooks/webhook-dispatcher.js';
import type { CampaignEngine } from '../../application/campaigns/campaign-engine.js';
import type { NumberTimeZones, TimeZoneCalendar } from '../../application/ports/time-zones.js';
import type { FailUnconnectedWebCalls } from '../../application/use-cases/calls/fail-unconnected-web-calls.js';
import type { FinishCall } from '../../application/use-cases/calls/finish-call.js';
import type { OutboundTextSender } from '../../application/messaging/outbound-text-sender.js';
import type { SendSms } from '../../application/use-cases/messages/send-sms.js';
import type * as Registry from '../../application/use-cases/index.js';
import type { KnowledgeSearch } from '../../application/queries/knowledge-search.js';
import type { EmbeddingModel } from '../../application/ports/embedding-model.js';
import type { VectorIndex } from '../../application/ports/vector-index.js';
import type { KnowledgeEmbedder } from '../../application/knowledge/knowledge-embedder.js';
import type { VectorIndexSync } from '../../application/knowledge/vector-index-sync.js';
import type { AgentTestQueries } from '../../application/queries/agent-test-queries.js';
import type { TestRunQueue } from '../../application/ports/test-run-queue.js';
import type { DocumentReading } from '../../application/use-cases/knowledge/document-text.js';
import type { OutboundGuard } from '../../adapters/http/outbound-guard.js';
import type { SimulatedCalls } from '../../adapters/simulated/simulated-calls.js';
import type { SwitchboardConfig } from '../config.js';
import type { VoiceRuntime, WebSocketEndpoint } from '../voice-runtime.js';
import type { Lifecycle } from './lifecycle.js';
import type { ToolTransport } from '../../application/ports/tool-transport.js';
import type { McpToolServers } from '../../application/ports/mcp-tool-servers.js';
import type { JsonSchemaValidator } from '../../application/ports/json-schema-validator.js';
import type { CustomToolRunner } from '../../application/hosted/custom-tool-runner.js';
import type { CallAnalyst } from '../../application/hosted/call-analyst.js';
import type { CoreSettings } from './core-settings.js';
import type { Tracing } from '../../application/ports/tracing.js';
import type { ServiceActivity } from '../../application/ports/service-activity.js';
import type { BacklogQuery } from '../../application/queries/backlog-query.js';
import type { SwitchboardMetrics } from '../metrics.js';
import type { Guard } from '../../adapters/rest/credential-guard.js';
import type { RestEnv } from '../../adapters/rest/env.js';

/**
 * A container key that names the type bound to it, so a binding and what resolves it agree at
 * compile time. A plain `Symbol('…')` underneath (never `Symbol.for`): a host's own container
 * can never collide with these.
 */
export type Token<T> = symbol & { readonly __boundTo?: T };

const token = <T>(description: string): Token<T> => Symbol(description) as Token<T>;

/** The value type a token names. */
export type BoundTo<K> = K extends Token<infer T> ? T : never;

/**
 * Every binding of a Switchboard's container. Hosts rebind ports through
 * `createSwitchboard({ override: (rebind) => rebind(TOKENS.telephony).toConstantValue(mine) })`.
 */
export const TOKENS = {
  // What every area uses.
  settings: token<CoreSettings>('CoreSettings'),
  config: token<SwitchboardConfig>('SwitchboardConfig'),
  lifecycle: token<Lifecycle>('Lifecycle'),
  logger: token<Logger>('Logger'),
  clock: token<Clock>('Clock'),
  timers: token<Timers>('Timers'),
  /** Spans of calls, turns, requests and deliveries: OpenTelemetry's when OTEL_* asks for traces or a host gives its provider, else none. */
  tracing: token<Tracing>('Tracing'),
  /** What happened, counted: the Prometheus figures when METRICS_TOKEN, METRICS_PORT or a host's registry asks for them, else nobody counts. */
  activity: token<ServiceActivity>('ServiceActivity'),
  /** The figures and their exposition; null when none are kept. */
  metrics: token<SwitchboardMetrics | null>('SwitchboardMetrics'),
  ids: token<IdGenerator>('IdGenerator'),
  credentials: token<Credentials>('Credentials'),
  // Storage.
  unitOfWork: token<UnitOfWork>('UnitOfWork'),
  /** The usage series, read beside the unit of work's store. */
  usageQuery: token<UsageQuery>('UsageQuery'),
  /** The queues' backlog (for the figures), read beside the unit of work's store. */
  backlogQuery: token<BacklogQuery>('BacklogQuery'),
  /** The read side of the versioned list reads, made for the bound unit of work's store (see queriesOf). */
  agentPageQuery: token<AgentPageQuery>('AgentPageQuery'),
  /** The one-row reads, made for the bound unit of work's store too. */
  agentQuery: token<AgentQuery>('AgentQuery'),
  callQuery: token<CallQuery>('CallQuery'),
  conversationQuery: token<ConversationQuery>('ConversationQuery'),
  numberMessagesQuery: token<NumberMessagesQuery>('NumberMessagesQuery'),
  ledgerQuery: token<LedgerQuery>('LedgerQuery'),
  webhookListQuery: token<WebhookListQuery>('WebhookListQuery'),
  projectListQuery: token<ProjectListQuery>('ProjectListQuery'),
  projectQuery: token<ProjectQuery>('ProjectQuery'),
  apiKeyListQuery: token<ApiKeyListQuery>('ApiKeyListQuery'),
  deliveryLogQuery: token<DeliveryLogQuery>('DeliveryLogQuery'),
  contactListQuery: token<ContactListQuery>('ContactListQuery'),
  numberListQuery: token<NumberListQuery>('NumberListQuery'),
  auditEventQuery: token<AuditEventQuery>('AuditEventQuery'),
  callPageQuery: token<CallPageQuery>('CallPageQuery'),
  conversationPageQuery: token<ConversationPageQuery>('ConversationPageQuery'),
  conversationMessagesQuery: token<ConversationMessagesQuery>('ConversationMessagesQuery'),
  /** Search over knowledge bases' passages: the store's full text, fused with the vector index's when an embedding model is configured. */
  knowledgeSearch: token<KnowledgeSearch>('KnowledgeSearch'),
  /** `EMBEDDING_MODEL`'s server, or null: knowledge bases are searched by full text alone. */
  embeddingModel: token<EmbeddingModel | null>('EmbeddingModel'),
  /** Passages' vectors by nearness (usearch, in process). */
  vectorIndex: token<VectorIndex>('VectorIndex'),
  /** Keeps the vector index equal to the stored vectors; null without an embedding model. */
  vectorIndexSync: token<VectorIndexSync | null>('VectorIndexSync'),
  /** Makes passages' vectors in the background; null without an embedding model. */
  knowledgeEmbedder: token<KnowledgeEmbedder | null>('KnowledgeEmbedder'),
  agentTestQueries: token<AgentTestQueries>('AgentTestQueries'),
  /** Plays queued test runs in the background, each on a throw-away stage. */
  testRunWorker: token<TestRunQueue>('TestRunWorker'),
  /** How a document's source becomes text: HTML reduced, URLs fetched through the guarded client. */
  documentReading: token<DocumentReading>('DocumentReading'),
  rateLimiter: token<RateLimiter>('RateLimiter'),
  // The carrier.
  telephony: token<Telephony>('Telephony'),
  numberingPlan: token<NumberingPlan>('NumberingPlan'),
  carrierLookup: token<CarrierLookup | null>('CarrierLookup'),
  messagingRegistrar: token<MessagingRegistrar>('MessagingRegistrar'),
  senderPool: token<SenderPool>('SenderPool'),
  numberWebhooks: token<NumberWebhooks>('NumberWebhooks'),
  callWebhooks: token<(callId: string) => CallWebhooks>('CallWebhooks'),
  smsStatusUrl: token<string>('SmsStatusUrl'),
  voiceCatalog: token<VoiceCatalog>('VoiceCatalog'),
  // Messaging and webhooks.
  outboundGuard: token<OutboundGuard>('OutboundGuard'),
  webhookTransport: token<WebhookTransport>('WebhookTransport'),
  webhookDispatcher: token<WebhookDispatcher>('WebhookDispatcher'),
  deliveryTrigger: token<DeliveryTrigger>('DeliveryTrigger'),
  eventHandOff: token<EventHandOff>('EventHandOff'),
  inboundTextStore: token<InboundTextStore>('InboundTextStore'),
  eventEncoder: token<OutboundEventEncoder>('OutboundEventEncoder'),
  sendSms: token<SendSms>('SendSms'),
  twilioSmsRoutes: token<Hono | null>('TwilioSmsRoutes'),
  // The hosted model.
  languageModel: token<LanguageModel | null>('LanguageModel'),
  hostedBrain: token<AgentBrain>('HostedBrain'),
  hostedReplies: token<HostedSmsResponder>('HostedReplies'),
  toolTransport: token<ToolTransport>('ToolTransport'),
  jsonSchemas: token<JsonSchemaValidator>('JsonSchemaValidator'),
  customTools: token<CustomToolRunner>('CustomToolRunner'),
  mcpToolServers: token<McpToolServers>('McpToolServers'),
  callAnalyst: token<CallAnalyst>('CallAnalyst'),
  // Voice.
  eventBus: token<EventBus>('EventBus'),
  voiceTurnTransport: token<VoiceTurnTransport>('VoiceTurnTransport'),
  voiceEngine: token<VoiceSessionEngine>('VoiceSessionEngine'),
  finishCall: token<FinishCall>('FinishCall'),
  callDrain: token<CallDrain>('CallDrain'),
  unconnectedWebCalls: token<FailUnconnectedWebCalls>('FailUnconnectedWebCalls'),
  simulatedCalls: token<SimulatedCalls | null>('SimulatedCalls'),
  webSocketEndpoints: token<readonly WebSocketEndpoint[]>('WebSocketEndpoints'),
  twilioVoiceRoutes: token<Hono | null>('TwilioVoiceRoutes'),
  voiceRuntime: token<VoiceRuntime>('VoiceRuntime'),
  // Campaigns.
  timeZoneCalendar: token<TimeZoneCalendar>('TimeZoneCalendar'),
  numberTimeZones: token<NumberTimeZones>('NumberTimeZones'),
  campaignEngine: token<CampaignEngine>('CampaignEngine'),
  // Sign-up and mail.
  mailer: token<Mailer>('Mailer'),
  // Workers nothing else asks for.
  billingClock: token<BillingClock>('BillingClock'),
  signUpSweeper: token<SignUpSweeper>('SignUpSweeper'),
  outboundTextSender: token<OutboundTextSender>('OutboundTextSender'),
  // The use cases, one registry of areas.
  projectUseCases: token<Registry.ProjectUseCases>('ProjectUseCases'),
  subAccountUseCases: token<Registry.SubAccountUseCases>('SubAccountUseCases'),
  billingUseCases: token<Registry.BillingUseCases>('BillingUseCases'),
  signUpUseCases: token<Registry.SignUpUseCases>('SignUpUseCases'),
  agentUseCases: token<Registry.AgentUseCases>('AgentUseCases'),
  numberUseCases: token<Registry.NumberUseCases>('NumberUseCases'),
  contactUseCases: token<Registry.ContactUseCases>('ContactUseCases'),
  suppressionUseCases: token<Registry.SuppressionUseCases>('SuppressionUseCases'),
  knowledgeUseCases: token<Registry.KnowledgeUseCases>('KnowledgeUseCases'),
  agentTestUseCases: token<Registry.AgentTestUseCases>('AgentTestUseCases'),
  conversationUseCases: token<Registry.ConversationUseCases>('ConversationUseCases'),
  messageUseCases: token<Registry.MessageUseCases>('MessageUseCases'),
  webhookUseCases: token<Registry.WebhookUseCases>('WebhookUseCases'),
  callUseCases: token<Registry.CallUseCases>('CallUseCases'),
  campaignUseCases: token<Registry.CampaignUseCases>('CampaignUseCases'),
  adminUseCases: token<Registry.AdminUseCases>('AdminUseCases'),
  useCases: token<Registry.UseCases>('UseCases'),
  // Admin and HTTP.
  adminToken: token<string>('AdminToken'),
  adminConsoleRoutes: token<Hono>('AdminConsoleRoutes'),
  /** The one check of every route an API key opens: the key, its failures per client IP, its rate per key. */
  apiKeyGuard: token<Guard<RestEnv>>('ApiKeyGuard'),
  /** The REST API's routes, mounted bare: the HTTP app's one error handler answers their errors. */
  restApi: token<Hono>('RestApi'),
  /** `/mcp` and `/mcp/sign-up`: the MCP server over Streamable HTTP. */
  mcpRoutes: token<Hono>('McpRoutes'),
  health: token<RecentHealth>('RecentHealth'),
  httpApp: token<Hono>('HttpApp'),
  /** Answers what it can on the Node request itself (true), before the app; false: the app answers. */
  nodeFastPath: token<(request: IncomingMessage, response: ServerResponse) => boolean>('NodeFastPath'),
} as const;
