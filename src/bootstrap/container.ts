import { Container } from 'inversify';
import type { Clock } from '../application/ports/clock.js';
import type { Credentials } from '../application/ports/credentials.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { Logger } from '../application/ports/logger.js';
import type { NumberWebhooks, Telephony } from '../application/ports/telephony.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { VoiceCatalog } from '../application/ports/voice-catalog.js';
import type { WebhookTransport } from '../application/ports/webhook-transport.js';
import type { OutboundEventEncoder } from '../application/ports/outbound-event-encoder.js';
import type { LanguageModel } from '../application/ports/language-model.js';
import { HostedSmsResponder } from '../application/services/hosted-sms-responder.js';
import { SendSms } from '../application/use-cases/messages/send-sms.js';
import { WebhookDispatcher } from '../application/services/webhook-dispatcher.js';
import { DispatcherHandOff } from '../application/services/event-hand-off.js';
import type { UseCases } from '../application/use-cases/index.js';
import { NodeHttpWebhookTransport } from '../adapters/http/node-http-webhook-transport.js';
import { JsonOutboundEventEncoder } from '../adapters/http/json-outbound-event-encoder.js';
import { OutboundGuard } from '../adapters/http/outbound-guard.js';
import { NodeCredentials } from '../adapters/node-crypto/node-credentials.js';
import { TimeSortableIdGenerator } from '../adapters/node-crypto/time-sortable-id-generator.js';
import { createRestApi } from '../adapters/rest/rest-api.js';
import { ConversationRelayVoiceCatalog } from '../adapters/voices/conversation-relay-voice-catalog.js';
import { buildUseCases } from './build-use-cases.js';
import { bindVoice } from './voice.js';
import type { CallUseCases } from '../application/use-cases/call-use-cases.js';
import { restRateLimits, signUpPorts } from './sign-up-and-billing.js';
import { BillingClock } from '../application/services/billing-clock.js';
import { SignUpSweeper } from '../application/services/sign-up-sweeper.js';
import type { Mailer } from '../application/ports/mailer.js';
import type { RateLimiter } from '../application/ports/rate-limiter.js';
import { privateNetworkTargetsOf, type SwitchboardConfig } from './config.js';
import { TOKENS } from './tokens.js';

/** What the container cannot make itself: opened resources and the caller's choices. */
export interface ContainerInputs {
  readonly config: SwitchboardConfig;
  readonly logger: Logger;
  readonly uow: UnitOfWork;
  readonly telephony: Telephony;
  readonly clock: Clock;
  readonly numberWebhooks: NumberWebhooks;
  /** `PUBLIC_URL`, base path included: where the carrier reaches calls' webhooks and sockets. */
  readonly publicUrl: string;
  readonly mailer: Mailer;
  readonly rateLimiter: RateLimiter;
  /** Where the carrier reports outbound SMS progress. */
  readonly smsStatusUrl: string;
  /** Hosted mode's model (calls and texts); null: hosted agents apologise on calls, leave texts unanswered. */
  readonly languageModel: LanguageModel | null;
}

/**
 * The composition root: the only place that knows every adapter. Core classes are built by
 * factories (no decorator metadata needed), one container per Switchboard instance.
 */
export const buildContainer = (inputs: ContainerInputs): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<SwitchboardConfig>(TOKENS.config).toConstantValue(inputs.config);
  container.bind<Logger>(TOKENS.logger).toConstantValue(inputs.logger);
  container.bind<UnitOfWork>(TOKENS.unitOfWork).toConstantValue(inputs.uow);
  container.bind<Telephony>(TOKENS.telephony).toConstantValue(inputs.telephony);
  container.bind<Clock>(TOKENS.clock).toConstantValue(inputs.clock);
  container.bind<NumberWebhooks>(TOKENS.numberWebhooks).toConstantValue(inputs.numberWebhooks);
  container.bind<IdGenerator>(TOKENS.ids).toResolvedValue(() => new TimeSortableIdGenerator());
  container.bind<Credentials>(TOKENS.credentials).toResolvedValue(() => new NodeCredentials());
  container.bind<VoiceCatalog>(TOKENS.voiceCatalog).toResolvedValue(() => new ConversationRelayVoiceCatalog());
  // Every request to a customer's URL connects through this guard (PRIVATE_NETWORK_TARGETS).
  container
    .bind<OutboundGuard>(TOKENS.outboundGuard)
    .toResolvedValue((config: SwitchboardConfig) => new OutboundGuard(privateNetworkTargetsOf(config)), [TOKENS.config]);
  container
    .bind<WebhookTransport>(TOKENS.webhookTransport)
    .toResolvedValue((guard: OutboundGuard) => new NodeHttpWebhookTransport(guard), [TOKENS.outboundGuard]);
  container.bind<OutboundEventEncoder>(TOKENS.eventEncoder).toResolvedValue(() => new JsonOutboundEventEncoder());
  container
    .bind<WebhookDispatcher>(TOKENS.webhookDispatcher)
    .toResolvedValue(
      (config: SwitchboardConfig, uow: UnitOfWork, transport: WebhookTransport, clock: Clock, logger: Logger) =>
        new WebhookDispatcher({ uow, transport, clock, logger, retryDelays: config.webhookRetryDelays }),
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.webhookTransport, TOKENS.clock, TOKENS.logger],
    );
  container
    .bind<HostedSmsResponder>(TOKENS.hostedSms)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock, ids: IdGenerator, telephony: Telephony, logger: Logger) =>
        new HostedSmsResponder({
          uow,
          model: inputs.languageModel,
          sendSms: new SendSms({ uow, clock, ids, telephony, smsStatusUrl: inputs.smsStatusUrl }),
          logger,
        }),
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.telephony, TOKENS.logger],
    );
  container
    .bind<UseCases>(TOKENS.useCases)
    .toResolvedValue(
      (config: SwitchboardConfig, uow: UnitOfWork, clock: Clock, ids: IdGenerator, credentials: Credentials, telephony: Telephony, voices: VoiceCatalog, numberWebhooks: NumberWebhooks, webhookTransport: WebhookTransport, dispatcher: WebhookDispatcher, hostedReplies: HostedSmsResponder, targetPolicy: OutboundGuard, eventEncoder: OutboundEventEncoder) =>
        buildUseCases({
          uow, clock, ids, credentials, telephony, voices, numberWebhooks, prices: config.prices,
          signUp: signUpPorts(config, inputs.mailer, inputs.rateLimiter, inputs.logger),
          smsStatusUrl: inputs.smsStatusUrl,
          webhookTransport,
          eventEncoder,
          deliveryTrigger: dispatcher,
          eventHandOff: new DispatcherHandOff(dispatcher, clock),
          targetPolicy,
          hostedReplies,
        }),
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.credentials, TOKENS.telephony, TOKENS.voiceCatalog, TOKENS.numberWebhooks, TOKENS.webhookTransport, TOKENS.webhookDispatcher, TOKENS.hostedSms, TOKENS.outboundGuard, TOKENS.eventEncoder],
    );
  container
    .bind(TOKENS.restApi)
    .toResolvedValue(
      (useCases: UseCases, logger: Logger, uow: UnitOfWork, calls: CallUseCases) =>
        createRestApi({
          useCases,
          logger,
          health: () => uow.ping().then(() => true, () => false),
          limits: restRateLimits(inputs.config, inputs.rateLimiter),
          trustProxy: inputs.config.trustProxy,
          calls,
        }),
      [TOKENS.useCases, TOKENS.logger, TOKENS.unitOfWork, TOKENS.callUseCases],
    );
  container
    .bind<BillingClock>(TOKENS.billingClock)
    .toResolvedValue(
      (config: SwitchboardConfig, uow: UnitOfWork, clock: Clock, ids: IdGenerator, logger: Logger) =>
        new BillingClock({ uow, clock, ids, logger: logger.child({ component: 'billing' }), prices: config.prices }),
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.logger],
    );
  container
    .bind<SignUpSweeper>(TOKENS.signUpSweeper)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock, logger: Logger) => new SignUpSweeper({ uow, clock, logger: logger.child({ component: 'sign-up' }) }),
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.logger],
    );
  bindVoice(container, inputs.publicUrl, inputs.languageModel);
  return container;
};
