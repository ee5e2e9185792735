import * as E from 'fp-ts/lib/Either.js';
import twilio from 'twilio';
import type { E164 } from '../../domain/e164.js';
import type { Logger } from '../../application/ports/logger.js';
import type { CarrierLookup, LineFacts, LineType } from '../../application/ports/number-lookup.js';
import type { ProviderFailure } from '../../application/ports/provider-failure.js';
import { providerFailureOf, twilioCodeOf } from './twilio-failures.js';
import { RedirectingRequestClient } from './redirecting-request-client.js';

/** Twilio's `line_type_intelligence.type` values, in the port's words. */
const LINE_TYPES: Record<string, LineType> = {
  mobile: 'mobile',
  landline: 'landline',
  fixedVoip: 'voip',
  nonFixedVoip: 'voip',
  personal: 'personal',
  tollFree: 'toll_free',
  premium: 'premium_rate',
  sharedCost: 'shared_cost',
  uan: 'uan',
  voicemail: 'voicemail',
  pager: 'pager',
  unknown: 'unknown',
};

/** Twilio Lookup v2 with its Line Type Intelligence package, through the official SDK (a paid request). */
export class TwilioCarrierLookup implements CarrierLookup {
  private readonly client: twilio.Twilio;
  private readonly apiOrigin: string;

  constructor(
    options: { readonly accountSid: string; readonly authToken: string; readonly apiUrl: string | null },
    private readonly logger?: Logger,
  ) {
    const httpClient = options.apiUrl ? new RedirectingRequestClient(options.apiUrl, { autoRetry: true }) : new twilio.RequestClient({ autoRetry: true });
    this.client = twilio(options.accountSid, options.authToken, { httpClient });
    this.apiOrigin = options.apiUrl ? new URL(options.apiUrl).origin : 'https://lookups.twilio.com';
  }

  async lookup(number: E164): Promise<E.Either<ProviderFailure, LineFacts>> {
    try {
      const found = await this.client.lookups.v2.phoneNumbers(number).fetch({ fields: 'line_type_intelligence' });
      const line = found.lineTypeIntelligence;
      return E.right({ lineType: LINE_TYPES[line?.type ?? 'unknown'] ?? 'unknown', carrier: line?.carrierName ?? null });
    } catch (error) {
      const failure = providerFailureOf(error, this.apiOrigin);
      this.logger?.warn({ operation: 'lookup', providerCode: twilioCodeOf(error), reason: failure.message }, 'Twilio call failed');
      return E.left(failure);
    }
  }
}
