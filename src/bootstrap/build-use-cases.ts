import type { Clock } from '../application/ports/clock.js';
import type { Credentials } from '../application/ports/credentials.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { NumberWebhooks, Telephony } from '../application/ports/telephony.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { VoiceCatalog } from '../application/ports/voice-catalog.js';
import type { DeliveryTrigger, EventHandOff } from '../application/ports/webhook-repositories.js';
import { ClaimedHandOff } from '../application/services/event-hand-off.js';
import { AttachNumber } from '../application/use-cases/agents/attach-number.js';
import { CreateAgent } from '../application/use-cases/agents/create-agent.js';
import { DeleteAgent } from '../application/use-cases/agents/delete-agent.js';
import { DetachNumber } from '../application/use-cases/agents/detach-number.js';
import { GetAgent } from '../application/use-cases/agents/get-agent.js';
import { ListAgents } from '../application/use-cases/agents/list-agents.js';
import { ListVoices } from '../application/use-cases/agents/list-voices.js';
import { UpdateAgent } from '../application/use-cases/agents/update-agent.js';
import { CreateContact } from '../application/use-cases/contacts/create-contact.js';
import { DeleteContact } from '../application/use-cases/contacts/delete-contact.js';
import { GetContact } from '../application/use-cases/contacts/get-contact.js';
import { ListContacts } from '../application/use-cases/contacts/list-contacts.js';
import { UpdateContact } from '../application/use-cases/contacts/update-contact.js';
import { GetConversation } from '../application/use-cases/conversations/get-conversation.js';
import { ListConversations } from '../application/use-cases/conversations/list-conversations.js';
import { UpdateConversationState } from '../application/use-cases/conversations/update-conversation-state.js';
import { ListConversationMessages } from '../application/use-cases/messages/list-conversation-messages.js';
import { ListNumberMessages } from '../application/use-cases/messages/list-number-messages.js';
import { ReceiveInboundSms } from '../application/use-cases/messages/receive-inbound-sms.js';
import { SendSms } from '../application/use-cases/messages/send-sms.js';
import { UpdateMessageStatus } from '../application/use-cases/messages/update-message-status.js';
import type { UseCases } from '../application/use-cases/index.js';
import { GetNumber } from '../application/use-cases/numbers/get-number.js';
import { ListNumbers } from '../application/use-cases/numbers/list-numbers.js';
import { ProvisionNumber } from '../application/use-cases/numbers/provision-number.js';
import { ReleaseNumber } from '../application/use-cases/numbers/release-number.js';
import { AuthenticateApiKey } from '../application/use-cases/api-keys/authenticate-api-key.js';
import { CreateProject } from '../application/use-cases/projects/create-project.js';
import { CreditAccount } from '../application/use-cases/billing/credit-account.js';
import { IssueKey } from '../application/use-cases/api-keys/issue-key.js';
import { RaiseNumberLimit } from '../application/use-cases/projects/raise-number-limit.js';
import { RevokeKey } from '../application/use-cases/api-keys/revoke-key.js';
import { GetUsage } from '../application/use-cases/billing/get-usage.js';
import type { SignUpLimits } from '../application/use-cases/signup/sign-up-limits.js';
import { StartSignUp } from '../application/use-cases/signup/start-sign-up.js';
import { VerifySignUp } from '../application/use-cases/signup/verify-sign-up.js';
import type { Logger } from '../application/ports/logger.js';
import type { Mailer } from '../application/ports/mailer.js';
import type { RateLimiter } from '../application/ports/rate-limiter.js';
import { ConsoleMailer } from '../adapters/console/console-mailer.js';
import { silentLogger } from '../adapters/pino/pino-logger.js';
import { MemoryRateLimiter } from '../adapters/rate-limiter-flexible/memory-rate-limiter.js';
import type { Cents } from '../domain/money.js';
import type { TargetPolicy } from '../application/ports/target-policy.js';
import type { WebhookTransport } from '../application/ports/webhook-transport.js';
import type { OutboundEventEncoder } from '../application/ports/outbound-event-encoder.js';
import { JsonOutboundEventEncoder } from '../adapters/http/json-outbound-event-encoder.js';
import type { HostedReplies } from '../application/services/hosted-sms-responder.js';
import { EVENT_TIMEOUT_MS } from '../application/services/webhook-dispatcher.js';
import { ConfigureWebhook } from '../application/use-cases/webhooks/configure-webhook.js';
import { DeleteWebhook } from '../application/use-cases/webhooks/delete-webhook.js';
import { GetAllTimeDeliveryStats } from '../application/use-cases/webhooks/get-all-time-delivery-stats.js';
import { GetDeliveryStats } from '../application/use-cases/webhooks/get-delivery-stats.js';
import { GetWebhook } from '../application/use-cases/webhooks/get-webhook.js';
import { ListAgentDeliveries } from '../application/use-cases/webhooks/list-agent-deliveries.js';
import { ListDeliveries } from '../application/use-cases/webhooks/list-deliveries.js';
import { SendTestWebhook } from '../application/use-cases/webhooks/send-test-webhook.js';

/** What self-signup sends codes with and how often it may be asked. */
export interface SignUpPorts {
  readonly mailer: Mailer;
  readonly rateLimiter: RateLimiter;
  readonly limits: SignUpLimits;
  readonly logger?: Logger;
}

/** Defaults for builders that do not exercise sign-up: codes go nowhere, limits count in memory. */
const quietSignUp = (): SignUpPorts => ({
  mailer: new ConsoleMailer(silentLogger()),
  rateLimiter: new MemoryRateLimiter(),
  limits: {
    perEmail: { name: 'sign-ups per e-mail address', points: 5, windowSeconds: 3600 },
    perIp: { name: 'sign-ups per client IP', points: 20, windowSeconds: 3600 },
    verifyPerIp: { name: 'verifications per client IP', points: 60, windowSeconds: 3600 },
  },
});

/** The ports and settings every use case is built from. */
export interface CorePorts {
  /** Sign-up's mailer and limits; the container always gives them (see {@link quietSignUp}). */
  readonly signUp?: SignUpPorts;
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly credentials: Credentials;
  readonly telephony: Telephony;
  readonly voices: VoiceCatalog;
  readonly numberWebhooks: NumberWebhooks;
  /** Where the carrier reports outbound SMS progress (`{PUBLIC_URL}/twilio/sms/status`). */
  readonly smsStatusUrl: string;
  /** Wakes the webhook dispatcher after a unit of work queued a delivery. */
  readonly deliveryTrigger: DeliveryTrigger;
  /** Sends inbound texts' events once committed (this process's dispatcher); absent: left to claims, after a poke. */
  readonly eventHandOff?: EventHandOff;
  /** Signs and POSTs webhook events (test sends go straight through it). */
  readonly webhookTransport: WebhookTransport;
  /** Makes the bodies of events; default: the catalogue's JSON encoding. */
  readonly eventEncoder?: OutboundEventEncoder;
  /** Which hosts webhook URLs may name (`PRIVATE_NETWORK_TARGETS`). */
  readonly targetPolicy: TargetPolicy;
  readonly prices: { readonly numberMonthly: Cents; readonly signupCredit: Cents };
  /** Answers texts to hosted agents (hosted mode); absent: such texts are stored and queued only. */
  readonly hostedReplies?: HostedReplies;
}

export const buildUseCases = (ports: CorePorts): UseCases => {
  const { uow, clock, ids, credentials, telephony, voices } = ports;
  const core = { uow, clock, ids };
  const signUp = ports.signUp ?? quietSignUp();
  const eventEncoder = ports.eventEncoder ?? new JsonOutboundEventEncoder();
  return {
    startSignUp: new StartSignUp({ ...core, credentials, ...signUp }),
    verifySignUp: new VerifySignUp({
      ...core,
      credentials,
      telephony,
      webhooks: ports.numberWebhooks,
      signupCredit: ports.prices.signupCredit,
      numberMonthlyPrice: ports.prices.numberMonthly,
      rateLimiter: signUp.rateLimiter,
      perIp: signUp.limits.verifyPerIp,
    }),
    getUsage: new GetUsage({ uow, clock }),
    creditAccount: new CreditAccount(core),
    raiseNumberLimit: new RaiseNumberLimit({ uow, clock }),
    revokeKey: new RevokeKey({ uow, clock }),
    issueKey: new IssueKey({ ...core, credentials }),
    authenticateApiKey: new AuthenticateApiKey({ uow, credentials }),
    createProject: new CreateProject({ ...core, credentials, signupCredit: ports.prices.signupCredit }),
    listVoices: new ListVoices({ voices }),
    createAgent: new CreateAgent(core),
    listAgents: new ListAgents({ uow }),
    getAgent: new GetAgent({ uow }),
    updateAgent: new UpdateAgent({ uow, clock }),
    deleteAgent: new DeleteAgent({ uow }),
    attachNumber: new AttachNumber({ uow }),
    detachNumber: new DetachNumber({ uow }),
    provisionNumber: new ProvisionNumber({
      ...core,
      telephony,
      webhooks: ports.numberWebhooks,
      numberMonthlyPrice: ports.prices.numberMonthly,
    }),
    listNumbers: new ListNumbers({ uow }),
    getNumber: new GetNumber({ uow }),
    releaseNumber: new ReleaseNumber({ uow, clock, telephony }),
    createContact: new CreateContact(core),
    listContacts: new ListContacts({ uow }),
    getContact: new GetContact({ uow }),
    updateContact: new UpdateContact({ uow, clock }),
    deleteContact: new DeleteContact({ uow }),
    receiveInboundSms: new ReceiveInboundSms({
      ...core,
      eventEncoder,
      eventHandOff: ports.eventHandOff ?? new ClaimedHandOff(ports.deliveryTrigger),
      hostedReplies: ports.hostedReplies,
    }),
    updateMessageStatus: new UpdateMessageStatus({ uow }),
    sendSms: new SendSms({ ...core, telephony, smsStatusUrl: ports.smsStatusUrl }),
    listConversations: new ListConversations({ uow }),
    getConversation: new GetConversation({ uow }),
    updateConversationState: new UpdateConversationState({ uow, clock }),
    listConversationMessages: new ListConversationMessages({ uow }),
    listNumberMessages: new ListNumberMessages({ uow }),
    configureWebhook: new ConfigureWebhook({
      ...core,
      credentials,
      targets: ports.targetPolicy,
    }),
    getWebhook: new GetWebhook({ uow }),
    deleteWebhook: new DeleteWebhook({ uow }),
    listDeliveries: new ListDeliveries({ uow, clock }),
    listAgentDeliveries: new ListAgentDeliveries({ uow }),
    getDeliveryStats: new GetDeliveryStats({ uow, clock }),
    getAllTimeDeliveryStats: new GetAllTimeDeliveryStats({ uow }),
    sendTestWebhook: new SendTestWebhook({ ...core, transport: ports.webhookTransport, eventEncoder, timeoutMs: EVENT_TIMEOUT_MS }),
  };
};
