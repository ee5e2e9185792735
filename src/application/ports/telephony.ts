import type { AgentLanguage, ConversationSettings } from '../../domain/conversation-settings.js';
import type * as E from 'fp-ts/lib/Either.js';
import type { Country } from '../../domain/country.js';
import type { E164 } from '../../domain/e164.js';
import type { ProviderFailure } from './provider-failure.js';
import type { WebCallCredentials, WebCallSetup } from './web-call-credentials.js';

/**
 * The failure code meaning "that number was sold to someone else since the search" (Twilio's
 * 21422, which every adapter uses for it): provisioning then tries the next candidate.
 */
export const NUMBER_NOT_AVAILABLE = '21422';

export type { ProviderFailure } from './provider-failure.js';

export interface AvailableNumber {
  readonly phoneNumber: E164;
  readonly country: Country;
  readonly locality: string | null;
  readonly region: string | null;
}

/** Where the carrier sends a number's inbound traffic. */
export interface NumberWebhooks {
  readonly smsUrl: string;
  readonly voiceUrl: string;
  readonly voiceStatusUrl: string;
}

export interface PurchasedNumber {
  readonly providerId: string;
  readonly phoneNumber: E164;
}

export interface OutboundSms {
  readonly from: E164;
  readonly to: E164;
  readonly body: string;
  readonly mediaUrls: readonly string[];
  /** Where the carrier reports delivery progress for this message. */
  readonly statusCallbackUrl: string;
}

/** Delivery states a carrier reports, in the order a message moves through them. */
export type SmsDeliveryStatus = 'queued' | 'sent' | 'delivered' | 'failed';

export interface SentSms {
  readonly providerMessageId: string;
  readonly status: SmsDeliveryStatus;
}

/** Where the carrier reaches this server about one call. */
export interface CallWebhooks {
  /** The agent's media socket (ConversationRelay: `wss://…/twilio/relay?callId=…`). */
  readonly relayUrl: string;
  /** Requested when the agent's session on the call ends (ConversationRelay's `<Connect action>`). */
  readonly relayEndedUrl: string;
  readonly statusUrl: string;
  readonly recordingStatusUrl: string;
  /** Where the carrier reports who answered an outbound call (asynchronous answering-machine detection). */
  readonly answeredByUrl: string;
}

/** Last words the carrier says on a live call before hanging it up (a voicemail message). */
export interface ClosingWords {
  readonly say: string;
  /** A catalog voice id, `Provider.voice`. */
  readonly voice: string;
  readonly language: string;
}

/** An outbound call to place: the agent talks as soon as the recipient answers. */
export interface OutboundCall {
  readonly callId: string;
  readonly from: E164;
  readonly to: E164;
  /** Spoken when the recipient answers; empty: silent until spoken to. */
  readonly greeting: string;
  /** A catalog voice id, `Provider.voice`. */
  readonly voice: string;
  readonly language: string;
  /** Record the call (the project's recording add-on). */
  readonly record: boolean;
  /**
   * Detect answering machines without delaying the greeting (Twilio: `DetectMessageEnd`,
   * asynchronous), reporting to `webhooks.answeredByUrl` once the greeting's beep has passed.
   */
  readonly machineDetection: boolean;
  /** The call's conversation settings (turn-taking, transcription, languages); absent: the defaults. */
  readonly conversation?: ConversationSettings;
  /** The voices of the agents the call may be handed to, declared at answer so a handoff can switch to them; absent: none. */
  readonly handoffVoices?: readonly AgentLanguage[];
  readonly webhooks: CallWebhooks;
}

export interface PlacedCall {
  readonly providerCallId: string;
}

/** A short-lived credential a browser starts a web call with. */
export interface WebCallToken {
  readonly token: string;
  readonly expiresAt: Date;
}

/** A call's recording as the carrier serves it. */
export interface RecordingAudio {
  /** e.g. `audio/mpeg`. */
  readonly contentType: string;
  readonly body: ReadableStream<Uint8Array> | Uint8Array;
}

/** The phone carrier: numbers, SMS and calls. */
export interface Telephony {
  searchNumbers(query: {
    country: Country;
    areaCode: string | null;
    limit: number;
  }): Promise<E.Either<ProviderFailure, readonly AvailableNumber[]>>;
  purchaseNumber(phoneNumber: E164, webhooks: NumberWebhooks): Promise<E.Either<ProviderFailure, PurchasedNumber>>;
  configureNumber(providerId: string, webhooks: NumberWebhooks): Promise<E.Either<ProviderFailure, void>>;
  releaseNumber(providerId: string): Promise<E.Either<ProviderFailure, void>>;
  sendSms(sms: OutboundSms): Promise<E.Either<ProviderFailure, SentSms>>;
  /**
   * The texts the carrier holds that may be `sms` sent at or after `since`, newest first: asked
   * before a text whose earlier try ended without its outcome stored is sent again, so a try that
   * reached the carrier is not sent twice. A carrier that can tell its texts apart by their status
   * callback URL (which names our message) answers that one alone; Twilio's list cannot filter so,
   * and answers those with the same sender, recipient and body created since then.
   */
  findSentSms(sms: OutboundSms, since: Date): Promise<E.Either<ProviderFailure, readonly SentSms[]>>;
  placeCall(call: OutboundCall): Promise<E.Either<ProviderFailure, PlacedCall>>;
  /** Hangs up a live call; with `closing`, says it first (the agent's session is let go of). */
  endCall(providerCallId: string, closing?: ClosingWords): Promise<E.Either<ProviderFailure, void>>;
  /**
   * Present when web calls need credentials that Switchboard makes at the carrier and keeps
   * (Twilio without a configured API key and TwiML App); the core gets them through it and
   * hands them to {@link Telephony.webCallToken}.
   */
  readonly webCallSetup?: WebCallSetup;
  /**
   * A token for a browser to join the web call `callId` as `identity`, valid `ttlSeconds` from
   * `now`; signed with `credentials` when the carrier has a {@link Telephony.webCallSetup}.
   */
  webCallToken(request: {
    readonly callId: string;
    readonly identity: string;
    readonly ttlSeconds: number;
    readonly now: Date;
    readonly credentials: WebCallCredentials | null;
  }): Promise<E.Either<ProviderFailure, WebCallToken>>;
  /** The audio behind a call's `recordingUrl` (as its recording callback named it); null: the carrier has no such recording. */
  fetchRecording(recordingUrl: string): Promise<E.Either<ProviderFailure, RecordingAudio | null>>;
}
