import { ContainerModule } from 'inversify';
import { GeoCarrierNumberingPlan } from '../../adapters/libphonenumber-geo-carrier/geo-carrier-numbering-plan.js';
import { TwilioCarrierLookup } from '../../adapters/twilio/twilio-carrier-lookup.js';
import { TwilioMessagingRegistrar } from '../../adapters/twilio/twilio-messaging-registrar.js';
import { SimulatedMessagingRegistrar } from '../../adapters/simulated/simulated-messaging-registrar.js';
import { SenderPool } from '../../application/messaging/sender-pool.js';
import { relayUrlFor } from '../../adapters/twilio/conversation-relay-server.js';
import { ConversationRelayVoiceCatalog } from '../../adapters/voices/conversation-relay-voice-catalog.js';
import { chooseTelephony } from '../telephony.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** The carrier, and the URLs where it reaches this server about numbers, texts and calls. */
export const carrierModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.telephony, [TOKENS.settings, TOKENS.logger], (settings, logger) => chooseTelephony(settings.config, settings.storage, logger));
    provide(TOKENS.numberWebhooks, [TOKENS.settings], ({ publicUrl }) => ({
      smsUrl: `${publicUrl}/twilio/sms`,
      voiceUrl: `${publicUrl}/twilio/voice`,
      voiceStatusUrl: `${publicUrl}/twilio/voice/status`,
    }));
    provide(TOKENS.smsStatusUrl, [TOKENS.settings], ({ publicUrl }) => `${publicUrl}/twilio/sms/status`);
    provide(TOKENS.callWebhooks, [TOKENS.settings], ({ publicUrl }) => (callId: string) => {
      const id = encodeURIComponent(callId);
      return {
        relayUrl: relayUrlFor(publicUrl, callId),
        relayEndedUrl: `${publicUrl}/twilio/voice/relay-ended?callId=${id}`,
        statusUrl: `${publicUrl}/twilio/voice/status?callId=${id}`,
        recordingStatusUrl: `${publicUrl}/twilio/voice/recording?callId=${id}`,
        answeredByUrl: `${publicUrl}/twilio/voice/answered-by?callId=${id}`,
      };
    });
    provide(TOKENS.voiceCatalog, [], () => new ConversationRelayVoiceCatalog());
    provide(TOKENS.numberingPlan, [], () => new GeoCarrierNumberingPlan());
    // Twilio's Lookup where Twilio is the carrier; a simulated carrier has no network to ask.
    provide(TOKENS.carrierLookup, [TOKENS.settings, TOKENS.logger], ({ config }, logger) =>
      config.twilio ? new TwilioCarrierLookup({ accountSid: config.twilio.accountSid, authToken: config.twilio.authToken, apiUrl: config.twilio.apiUrl }, logger) : null,
    );
    // A2P 10DLC through Twilio's Trust Hub and Messaging APIs; the simulated carrier approves on the first status check.
    provide(TOKENS.messagingRegistrar, [TOKENS.settings, TOKENS.logger], ({ config }, logger) => {
      const account = config.twilio;
      if (!account) return new SimulatedMessagingRegistrar();
      const { accountSid, authToken, apiUrl } = account;
      return new TwilioMessagingRegistrar({ accountSid, authToken, apiUrl, primaryCustomerProfileSid: account.primaryCustomerProfileSid ?? null }, logger);
    });
    provide(TOKENS.senderPool, [TOKENS.unitOfWork, TOKENS.messagingRegistrar, TOKENS.logger], (uow, registrar, logger) => new SenderPool({ uow, registrar, logger }));
  });
