import twilio from 'twilio';
import type { ClosingWords, OutboundCall, PlacedCall, WebCallToken } from '../../application/ports/telephony.js';
import type { SpeechModes } from './conversation-relay-attributes.js';
import { conversationRelayTwiml, sayAndHangUpTwiml } from './conversation-relay-twiml.js';

/** What web calls through Twilio need besides the account: an API key and a TwiML App. */
export interface TwilioWebCallSettings {
  /** `SK…` (`TWILIO_API_KEY_SID`). */
  readonly apiKeySid: string | null;
  /** `TWILIO_API_KEY_SECRET`. */
  readonly apiKeySecret: string | null;
  /** `AP…` (`TWILIO_TWIML_APP_SID`): its Voice URL must be `{PUBLIC_URL}/twilio/voice`. */
  readonly twimlAppSid: string | null;
}

/** Calls API: the call connects straight to ConversationRelay (no extra webhook round trip). */
export const placeTwilioCall = async (client: twilio.Twilio, call: OutboundCall, speechModes?: SpeechModes): Promise<PlacedCall> => {
  const created = await client.calls.create({
    to: call.to,
    from: call.from,
    twiml: conversationRelayTwiml({
      relayUrl: call.webhooks.relayUrl,
      relayEndedUrl: call.webhooks.relayEndedUrl,
      greeting: call.greeting,
      voice: call.voice,
      language: call.language,
      conversation: call.conversation,
      ...(speechModes ? { speechModes } : {}),
      // Twilio does not honour the Calls API's `Record` on ConversationRelay sessions: record as inbound calls do.
      recordingStatusUrl: call.record ? call.webhooks.recordingStatusUrl : null,
      ...(call.handoffVoices ? { handoffVoices: call.handoffVoices } : {}),
    }),
    statusCallback: call.webhooks.statusUrl,
    statusCallbackMethod: 'POST',
    statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    // Asynchronous AMD: the call connects (and greets) at once; the verdict arrives later, after the beep.
    ...(call.machineDetection
      ? {
          machineDetection: 'DetectMessageEnd',
          asyncAmd: 'true',
          asyncAmdStatusCallback: call.webhooks.answeredByUrl,
          asyncAmdStatusCallbackMethod: 'POST',
        }
      : {}),
  });
  return { providerCallId: created.sid };
};

/** Hangs up; with closing words, redirects the call to say them and then hang up (ending the relay session). */
export const endTwilioCall = async (client: twilio.Twilio, providerCallId: string, closing?: ClosingWords): Promise<void> => {
  if (closing) await client.calls(providerCallId).update({ twiml: sayAndHangUpTwiml(closing) });
  else await client.calls(providerCallId).update({ status: 'completed' });
};

export const webCallsConfigured = (settings: TwilioWebCallSettings): boolean =>
  Boolean(settings.apiKeySid && settings.apiKeySecret && settings.twimlAppSid);

/** Thrown (and turned into a ProviderError) when web calls have no key and App to use. */
export class WebCallsNotConfigured extends Error {
  constructor() {
    super(
      'web calls through Twilio need TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET and TWILIO_TWIML_APP_SID all set, ' +
        'or none of them (Switchboard then makes its own API key and TwiML App)',
    );
    this.name = 'WebCallsNotConfigured';
  }
}

/** A Voice SDK access token: the browser may call the TwiML App as `identity` (the call's id). */
export const twilioWebCallToken = (
  accountSid: string,
  settings: TwilioWebCallSettings,
  request: { readonly callId: string; readonly identity: string; readonly ttlSeconds: number; readonly now: Date },
): WebCallToken => {
  const { apiKeySid, apiKeySecret, twimlAppSid } = settings;
  if (!apiKeySid || !apiKeySecret || !twimlAppSid) throw new WebCallsNotConfigured();
  const nbf = Math.floor(request.now.getTime() / 1000);
  const token = new twilio.jwt.AccessToken(accountSid, apiKeySid, apiKeySecret, {
    identity: request.identity,
    ttl: request.ttlSeconds,
    nbf,
  });
  token.addGrant(
    new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: twimlAppSid, outgoingApplicationParams: { callId: request.callId } }),
  );
  return { token: token.toJwt(), expiresAt: new Date(request.now.getTime() + request.ttlSeconds * 1000) };
};
