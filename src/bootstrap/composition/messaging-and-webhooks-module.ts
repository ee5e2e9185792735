import { ContainerModule } from 'inversify';
import type { Hono } from 'hono';
import { WebhookDispatcher } from '../../application/webhooks/webhook-dispatcher.js';
import { EVENT_TIMEOUT_MS } from '../../application/webhooks/dispatcher-options.js';
import { GetConversation } from '../../application/use-cases/conversations/get-conversation.js';
import { ListConversations } from '../../application/use-cases/conversations/list-conversations.js';
import { UpdateConversationState } from '../../application/use-cases/conversations/update-conversation-state.js';
import { ListConversationMessages } from '../../application/use-cases/messages/list-conversation-messages.js';
import { ListNumberMessages } from '../../application/use-cases/messages/list-number-messages.js';
import { DispatcherHandOff } from '../../application/webhooks/dispatcher-hand-off.js';
import { JsonOutboundEventEncoder } from '../../adapters/http/json-outbound-event-encoder.js';
import { ReceiveInboundSms } from '../../application/use-cases/messages/receive-inbound-sms.js';
import { UnitOfWorkInboundTextStore } from '../../application/use-cases/messages/unit-of-work-inbound-text-store.js';
import { BatchedInboundTextStore } from '../../application/messaging/batched-inbound-text-store.js';
import { GetRegistrationStatus } from '../../application/use-cases/registration/get-registration-status.js';
import { RegisterMessaging } from '../../application/use-cases/registration/register-messaging.js';
import { DEFAULT_SMS_SEND_LEASE_MS, SendSms } from '../../application/use-cases/messages/send-sms.js';
import { UpdateMessageStatus } from '../../application/use-cases/messages/update-message-status.js';
import { ConfigureWebhook } from '../../application/use-cases/webhooks/configure-webhook.js';
import { DeleteWebhook } from '../../application/use-cases/webhooks/delete-webhook.js';
import { GetAllTimeDeliveryStats } from '../../application/use-cases/webhooks/get-all-time-delivery-stats.js';
import { GetDeliveryStats } from '../../application/use-cases/webhooks/get-delivery-stats.js';
import { GetWebhook } from '../../application/use-cases/webhooks/get-webhook.js';
import { ListAgentDeliveries } from '../../application/use-cases/webhooks/list-agent-deliveries.js';
import { ListDeliveries } from '../../application/use-cases/webhooks/list-deliveries.js';
import { SendTestWebhook } from '../../application/use-cases/webhooks/send-test-webhook.js';
import { NodeHttpWebhookTransport } from '../../adapters/http/node-http-webhook-transport.js';
import { OutboundGuard } from '../../adapters/http/outbound-guard.js';
import { twilioSmsRoutes } from '../../adapters/twilio/twilio-sms-routes.js';
import { privateNetworkTargetsOf } from '../config.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** Texts in and out, conversations, webhooks and the dispatcher that delivers their events. */
export const messagingAndWebhooksModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    // Every request to a customer's URL connects through this guard (PRIVATE_NETWORK_TARGETS).
    provide(TOKENS.outboundGuard, [TOKENS.config], (config) => new OutboundGuard(privateNetworkTargetsOf(config)));
    provide(TOKENS.webhookTransport, [TOKENS.outboundGuard], (guard) => new NodeHttpWebhookTransport(guard));
    provide(
      TOKENS.webhookDispatcher,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.webhookTransport, TOKENS.clock, TOKENS.logger, TOKENS.tracing, TOKENS.activity, TOKENS.lifecycle],
      (config, uow, transport, clock, logger, tracing, activity, lifecycle) => {
        const dispatcher = new WebhookDispatcher({ uow, transport, clock, logger, tracing, activity, retryDelays: config.webhookRetryDelays });
        return lifecycle.manage('webhook dispatcher', dispatcher, dispatcher);
      },
    );
    provide(TOKENS.deliveryTrigger, [TOKENS.webhookDispatcher], (dispatcher) => dispatcher);
    // Inbound texts' events go to this process's dispatcher once committed; its lease stays its own.
    provide(TOKENS.eventHandOff, [TOKENS.webhookDispatcher, TOKENS.clock], (dispatcher, clock) => new DispatcherHandOff(dispatcher, clock));
    provide(TOKENS.eventEncoder, [], () => new JsonOutboundEventEncoder());
    // Concurrent inbound texts share a unit of work: a busy number's texts are not committed one by one.
    provide(
      TOKENS.inboundTextStore,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.eventEncoder, TOKENS.eventHandOff],
      (uow, clock, ids, eventEncoder, eventHandOff) => new BatchedInboundTextStore(new UnitOfWorkInboundTextStore({ uow, clock, ids, eventEncoder, eventHandOff })),
    );

    provide(
      TOKENS.sendSms,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.telephony, TOKENS.smsStatusUrl, TOKENS.eventEncoder, TOKENS.deliveryTrigger, TOKENS.activity],
      (config, uow, clock, ids, telephony, smsStatusUrl, eventEncoder, deliveryTrigger, activity) =>
        new SendSms({ uow, clock, ids, telephony, smsStatusUrl, eventEncoder, deliveryTrigger, activity, leaseMs: config.smsSendLeaseMs ?? DEFAULT_SMS_SEND_LEASE_MS }),
    );
    provide(
      TOKENS.messageUseCases,
      [TOKENS.unitOfWork, TOKENS.sendSms, TOKENS.inboundTextStore, TOKENS.hostedReplies, TOKENS.clock, TOKENS.messagingRegistrar, TOKENS.senderPool, TOKENS.logger, TOKENS.activity, TOKENS.numberMessagesQuery],
      (uow, sendSms, texts, hostedReplies, clock, registrar, senderPool, logger, activity, numberMessages) => ({
        sendSms,
        receiveInboundSms: new ReceiveInboundSms({ texts, hostedReplies, activity }),
        updateMessageStatus: new UpdateMessageStatus({ uow }),
        listNumberMessages: new ListNumberMessages({ messages: numberMessages }),
        registerMessaging: new RegisterMessaging({ uow, clock, registrar }),
        getRegistrationStatus: new GetRegistrationStatus({ uow, clock, registrar, senderPool, logger }),
      }),
    );
    provide(
      TOKENS.conversationUseCases,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.conversationPageQuery, TOKENS.conversationMessagesQuery, TOKENS.conversationQuery],
      (uow, clock, conversations, messages, conversation) => ({
        listConversations: new ListConversations({ conversations }),
        getConversation: new GetConversation({ conversation }),
        updateConversationState: new UpdateConversationState({ uow, clock }),
        listConversationMessages: new ListConversationMessages({ messages }),
      }),
    );
    provide(
      TOKENS.webhookUseCases,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.credentials, TOKENS.outboundGuard, TOKENS.webhookTransport, TOKENS.eventEncoder, TOKENS.deliveryLogQuery],
      (uow, clock, ids, credentials, targets, transport, eventEncoder, deliveries) => ({
        configureWebhook: new ConfigureWebhook({ uow, clock, ids, credentials, targets }),
        getWebhook: new GetWebhook({ uow }),
        deleteWebhook: new DeleteWebhook({ uow }),
        listDeliveries: new ListDeliveries({ deliveries, clock }),
        listAgentDeliveries: new ListAgentDeliveries({ deliveries }),
        getDeliveryStats: new GetDeliveryStats({ uow, clock }),
        getAllTimeDeliveryStats: new GetAllTimeDeliveryStats({ uow }),
        sendTestWebhook: new SendTestWebhook({ uow, clock, ids, transport, eventEncoder, timeoutMs: EVENT_TIMEOUT_MS }),
      }),
    );

    // The carrier's SMS webhooks, on Twilio only.
    provide(TOKENS.twilioSmsRoutes, [TOKENS.settings, TOKENS.messageUseCases, TOKENS.logger], ({ config, publicUrl }, messages, logger) =>
      config.twilio
        ? (twilioSmsRoutes({ useCases: messages, authToken: config.twilio.authToken, publicUrl, logger }) as unknown as Hono)
        : null,
    );
  });
