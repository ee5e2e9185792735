/**
 * Switchboard: AI phone agents (voice and SMS) on your own carrier account and database.
 * Embed it with {@link createSwitchboard}; implement a port to bring your own adapter, and bind
 * it in place of Switchboard's by its token (`override: (rebind) => rebind(TOKENS.telephony)…`).
 */
export { createSwitchboard, ConfigError, type Switchboard, type SwitchboardOptions, type Rebind, type PortBinding } from './bootstrap/create-switchboard.js';
export { TOKENS, type Token } from './bootstrap/composition/tokens.js';
export type { Lifecycle, Worker } from './bootstrap/composition/lifecycle.js';
export { startServer, type RunningServer } from './bootstrap/server.js';
export { loadConfig, type SwitchboardConfig } from './bootstrap/config.js';
export type * from './application/use-cases/index.js';
export type {
  AppError,
  NotFound,
  Validation,
  BadRequest,
  Conflict,
  NumberLimitReached,
  InsufficientBalance,
  NoNumbersAvailable,
  ProviderError,
  Unauthorized,
  Forbidden,
  RateLimited,
  Unavailable,
  CodeRefused,
  IdempotencyRefused,
  ComplianceRefused,
  FieldProblem,
} from './application/errors.js';
export { errorCodeOf, type ErrorCode, type ErrorStatus } from './application/error-codes.js';
export { parseMailbox } from './adapters/rest/codecs/mailbox.js';
export type { Mailbox } from './domain/mailbox.js';
export type { Telephony, NumberWebhooks, AvailableNumber, PurchasedNumber, ProviderFailure, OutboundCall, PlacedCall, CallWebhooks, WebCallToken } from './application/ports/telephony.js';
export type { WebCallCredentials, WebCallCredentialRepository, WebCallSetup } from './application/ports/web-call-credentials.js';
export type { EventBus, CallEvent } from './application/ports/event-bus.js';
export type { VoiceGateway } from './application/ports/voice-gateway.js';
export type { VoiceRuntime } from './bootstrap/voice-runtime.js';
export type { UnitOfWork } from './application/ports/unit-of-work.js';
export type * from './application/ports/repositories.js';
export type { Clock } from './application/ports/clock.js';
export type { Timers, CancelTimer } from './application/ports/timers.js';
export type { IdGenerator } from './application/ports/id-generator.js';
export type { Logger } from './application/ports/logger.js';
export type { VoiceCatalog, Voice } from './application/ports/voice-catalog.js';
export type { Mailer, OutgoingMail, MailFailure } from './application/ports/mailer.js';
export type { RateLimiter, RateRule, RateDecision } from './application/ports/rate-limiter.js';
export { DependencyUnavailable } from './application/ports/dependency-unavailable.js';
export { LanguageModelFailure } from './application/ports/language-model.js';
export type { LanguageModel, ChatRequest, ChatMessage, ChatChunk, ToolCall, ToolDefinition } from './application/ports/language-model.js';
export { InMemoryUnitOfWork } from './adapters/memory/in-memory-unit-of-work.js';
export { SimulatedTelephony } from './adapters/simulated/simulated-telephony.js';
export { SimulatedCalls } from './adapters/simulated/simulated-calls.js';
export { SimulatedCall, type AgentEvent } from './adapters/simulated/simulated-call.js';
export { FixedClock } from './adapters/system/fixed-clock.js';
export { ManualTimers } from './adapters/system/manual-timers.js';
export { ScriptedLanguageModel, type ScriptedReply, type ScriptEntry } from './adapters/scripted/scripted-language-model.js';
export { OpenAiCompatibleLanguageModel, type OpenAiCompatibleOptions } from './adapters/openai-compatible/openai-compatible-language-model.js';
