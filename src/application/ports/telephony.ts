import type * as E from 'fp-ts/lib/Either.js';
import type { Country } from '../../domain/country.js';
import type { E164 } from '../../domain/e164.js';

/**
 * The failure code meaning "that number was sold to someone else since the search" (Twilio's
 * 21422, which every adapter uses for it): provisioning then tries the next candidate.
 */
export const NUMBER_NOT_AVAILABLE = '21422';

export interface ProviderFailure {
  readonly _tag: 'ProviderError';
  readonly message: string;
  readonly providerCode: string | null;
}

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

/** The phone carrier: numbers and SMS; calls join as that feature lands. */
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
}
