import * as E from 'fp-ts/lib/Either.js';
import twilio from 'twilio';
import type { Logger } from '../../application/ports/logger.js';
import type {
  ClosingWords,
  AvailableNumber,
  OutboundCall,
  PlacedCall,
  WebCallToken,
  NumberWebhooks,
  OutboundSms,
  ProviderFailure,
  PurchasedNumber,
  RecordingAudio,
  SentSms,
  Telephony,
} from '../../application/ports/telephony.js';
import type { WebCallCredentials } from '../../application/ports/web-call-credentials.js';
import type { Country } from '../../domain/country.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import type { SpeechModes } from './conversation-relay-attributes.js';
import { RedirectingRequestClient } from './redirecting-request-client.js';
import { endTwilioCall, placeTwilioCall, twilioWebCallToken, webCallsConfigured, type TwilioWebCallSettings } from './twilio-calls.js';
import { smsDeliveryStatusOf } from './sms-status.js';
import { fetchTwilioRecording, type RecordingSource } from './twilio-recordings.js';
import { providerFailureOf, twilioCodeOf } from './twilio-failures.js';
import { TwilioWebCallSetup } from './twilio-web-call-setup.js';

/** How to reach a Twilio account. */
export interface TwilioTelephonyOptions {
  /** `AC` followed by 32 hexadecimal characters. */
  readonly accountSid: string;
  readonly authToken: string;
  /**
   * Send every REST call to this origin instead of Twilio's (`TWILIO_API_URL`): a local fake
   * or a recording proxy. `null` talks to Twilio.
   */
  readonly apiUrl: string | null;
  readonly logger?: Logger;
  /**
   * An API key and TwiML App for web calls (Voice SDK access tokens). None of the three set
   * (or absent): Switchboard makes its own through {@link TwilioTelephony.webCallSetup}.
   */
  readonly webCalls?: TwilioWebCallSettings;
  /** What each `sttMode` transcribes with (`STT_FAST`, `STT_ACCURATE`); absent: DEFAULT_SPEECH_MODES. */
  readonly speechModes?: SpeechModes;
}

// Twilio answers a search with an error instead of an empty list for some area codes;
// for the port, as for the simulated carrier, that is "no inventory there".
const NO_INVENTORY_CODES = new Set(['21451', '21452']);
const ALREADY_GONE_CODE = '20404';

/** The carrier is Twilio, through the official SDK. Failures come back as `ProviderError`, never thrown. */
/** How many of the newest texts between two numbers a look-up for an unrecorded send reads. */
const RECENT_TEXTS = 50;

export class TwilioTelephony implements Telephony {
  private readonly client: twilio.Twilio;
  private readonly apiOrigin: string;
  private readonly logger: Logger | undefined;
  private readonly accountSid: string;
  private readonly webCalls: TwilioWebCallSettings;
  private readonly speechModes: SpeechModes | undefined;
  private readonly recordings: RecordingSource;
  /** Present when no API key and TwiML App are configured: the core has Switchboard's own made and kept. */
  readonly webCallSetup?: TwilioWebCallSetup;

  constructor(options: TwilioTelephonyOptions) {
    const httpClient = options.apiUrl
      ? new RedirectingRequestClient(options.apiUrl, { autoRetry: true })
      : new twilio.RequestClient({ autoRetry: true });
    this.client = twilio(options.accountSid, options.authToken, { httpClient });
    this.accountSid = options.accountSid;
    this.webCalls = options.webCalls ?? { apiKeySid: null, apiKeySecret: null, twimlAppSid: null };
    this.speechModes = options.speechModes;
    this.apiOrigin = options.apiUrl ? new URL(options.apiUrl).origin : 'https://api.twilio.com';
    this.logger = options.logger?.child({ component: 'twilio', accountSid: options.accountSid });
    this.recordings = { accountSid: options.accountSid, authToken: options.authToken, apiUrl: options.apiUrl, apiOrigin: this.apiOrigin };
    const { apiKeySid, apiKeySecret, twimlAppSid } = this.webCalls;
    if (!apiKeySid && !apiKeySecret && !twimlAppSid) {
      this.webCallSetup = new TwilioWebCallSetup({
        client: this.client,
        accountSid: options.accountSid,
        authToken: options.authToken,
        attempt: (operation, run) => this.call(operation, run),
        logger: this.logger,
      });
    }
  }

  async searchNumbers(query: {
    country: Country;
    areaCode: string | null;
    limit: number;
  }): Promise<E.Either<ProviderFailure, readonly AvailableNumber[]>> {
    if (query.limit < 1) return E.right([]);
    const found = await this.call('search', async () => {
      const numbers = await this.client.availablePhoneNumbers(query.country).local.list({
        ...(query.areaCode !== null ? { areaCode: Number(query.areaCode) } : {}),
        smsEnabled: true,
        voiceEnabled: true,
        limit: query.limit,
      });
      return numbers.map(
        (n): AvailableNumber => ({
          phoneNumber: trustE164(n.phoneNumber),
          country: query.country,
          locality: n.locality || null,
          region: n.region || null,
        }),
      );
    });
    return E.isLeft(found) && NO_INVENTORY_CODES.has(found.left.providerCode ?? '') ? E.right([]) : found;
  }

  async purchaseNumber(phoneNumber: E164, webhooks: NumberWebhooks): Promise<E.Either<ProviderFailure, PurchasedNumber>> {
    return this.call('purchase', async () => {
      const created = await this.client.incomingPhoneNumbers.create({ phoneNumber, ...webhookSettings(webhooks) });
      return { providerId: created.sid, phoneNumber: trustE164(created.phoneNumber) };
    });
  }

  async configureNumber(providerId: string, webhooks: NumberWebhooks): Promise<E.Either<ProviderFailure, void>> {
    return this.call('configure', async () => {
      await this.client.incomingPhoneNumbers(providerId).update(webhookSettings(webhooks));
    });
  }

  async releaseNumber(providerId: string): Promise<E.Either<ProviderFailure, void>> {
    const removed = await this.call('release', async () => {
      await this.client.incomingPhoneNumbers(providerId).remove();
    });
    return E.isLeft(removed) && removed.left.providerCode === ALREADY_GONE_CODE ? E.right(undefined) : removed;
  }

  async sendSms(sms: OutboundSms): Promise<E.Either<ProviderFailure, SentSms>> {
    return this.call('sendSms', async () => {
      const message = await this.client.messages.create({
        from: sms.from,
        to: sms.to,
        ...(sms.body !== '' ? { body: sms.body } : {}),
        ...(sms.mediaUrls.length > 0 ? { mediaUrl: [...sms.mediaUrls] } : {}),
        statusCallback: sms.statusCallbackUrl,
      });
      return { providerMessageId: message.sid, status: smsDeliveryStatusOf(message.status) };
    });
  }

  async findSentSms(sms: OutboundSms, since: Date): Promise<E.Either<ProviderFailure, readonly SentSms[]>> {
    return this.call('findSentSms', async () => {
      const listed = await this.client.messages.list({ from: sms.from, to: sms.to, limit: RECENT_TEXTS });
      // Twilio's dates have whole seconds.
      const earliest = since.getTime() - 1000;
      return listed
        .filter((m) => (m.body ?? '') === sms.body && m.dateCreated.getTime() >= earliest)
        .map((m) => ({ providerMessageId: m.sid, status: smsDeliveryStatusOf(m.status) }));
    });
  }

  async placeCall(call: OutboundCall): Promise<E.Either<ProviderFailure, PlacedCall>> {
    return this.call('placeCall', () => placeTwilioCall(this.client, call, this.speechModes));
  }

  async endCall(providerCallId: string, closing?: ClosingWords): Promise<E.Either<ProviderFailure, void>> {
    return this.call('endCall', () => endTwilioCall(this.client, providerCallId, closing));
  }

  /** Replaces what a live call is doing with `twiml` (Calls API): a relay session on it is torn down. */
  async redirectCall(providerCallId: string, twiml: string): Promise<E.Either<ProviderFailure, void>> {
    return this.call('redirectCall', async () => {
      await this.client.calls(providerCallId).update({ twiml });
    });
  }

  async webCallToken(request: {
    readonly callId: string;
    readonly identity: string;
    readonly ttlSeconds: number;
    readonly now: Date;
    readonly credentials: WebCallCredentials | null;
  }): Promise<E.Either<ProviderFailure, WebCallToken>> {
    try {
      return E.right(twilioWebCallToken(this.accountSid, this.webCallSettings(request.credentials), request));
    } catch (error) {
      return E.left({ _tag: 'ProviderError', message: (error as Error).message, providerCode: null });
    }
  }

  /** The configured key and App, else Switchboard's own (its secret opened here), else none. */
  private webCallSettings(credentials: WebCallCredentials | null): TwilioWebCallSettings {
    if (webCallsConfigured(this.webCalls) || !this.webCallSetup || !credentials) return this.webCalls;
    return { apiKeySid: credentials.keyId, apiKeySecret: this.webCallSetup.secretOf(credentials), twimlAppSid: credentials.applicationId };
  }

  async fetchRecording(recordingUrl: string): Promise<E.Either<ProviderFailure, RecordingAudio | null>> {
    const fetched = await fetchTwilioRecording(this.recordings, recordingUrl);
    if (E.isLeft(fetched)) {
      this.logger?.warn({ operation: 'fetchRecording', providerCode: fetched.left.providerCode, reason: fetched.left.message }, 'Twilio call failed');
    }
    return fetched;
  }

  private async call<T>(operation: string, run: () => Promise<T>): Promise<E.Either<ProviderFailure, T>> {
    try {
      return E.right(await run());
    } catch (error) {
      const failure = providerFailureOf(error, this.apiOrigin);
      this.logger?.warn({ operation, providerCode: twilioCodeOf(error), reason: failure.message }, 'Twilio call failed');
      return E.left(failure);
    }
  }
}

const webhookSettings = (webhooks: NumberWebhooks) => ({
  smsUrl: webhooks.smsUrl,
  smsMethod: 'POST',
  voiceUrl: webhooks.voiceUrl,
  voiceMethod: 'POST',
  statusCallback: webhooks.voiceStatusUrl,
  statusCallbackMethod: 'POST',
});
