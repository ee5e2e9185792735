import type { ProviderFailure } from '../../application/ports/telephony.js';

/**
 * What a Twilio error code means for someone running Switchboard, where Twilio's own
 * message ("Attempt to send to unsubscribed recipient") leaves the next step unsaid.
 */
const EXPLANATIONS: Readonly<Record<string, string>> = {
  '20003': 'Twilio rejected the credentials: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
  '20404': 'the resource does not exist on this Twilio account',
  '20429': 'too many requests to Twilio at once; retry later',
  '21211': "the 'To' number is not a valid phone number",
  '21408': 'messaging to this destination country is not enabled on the Twilio account; enable it in the Messaging geographic permissions of the Twilio console',
  '21421': 'the phone number is not valid',
  '21422': 'the phone number is no longer available (it may have been bought since the search); search again and pick another',
  '21606': "the 'From' number is not an SMS-capable number held on this Twilio account",
  '21610': 'the recipient has opted out (replied STOP) of messages from this number; they must text START to it before it can message them again',
  '21612': 'Twilio cannot route a message between these two numbers',
  '21614': "the 'To' number is not a mobile number and cannot receive SMS",
  '30003': 'the recipient handset is unreachable (switched off or out of coverage)',
  '30005': 'the recipient number is unknown or no longer in service',
  '30006': 'the recipient number is a landline or cannot receive SMS',
  '30007': 'the carrier filtered the message as spam or unregistered traffic',
  '30034':
    'US A2P 10DLC: the sending number is not registered for application-to-person messaging; register a brand and campaign with the carrier',
};

interface TwilioError {
  readonly status: number;
  readonly code?: number;
  readonly message?: string;
  readonly detail?: string;
}

// RestException (legacy body) and TwilioServiceException (RFC 9457 body) share `status` and `code`.
const isTwilioError = (error: unknown): error is TwilioError =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';

/** The Twilio error code of a rejected SDK call, if Twilio answered with one. */
export const twilioCodeOf = (error: unknown): string | null =>
  isTwilioError(error) && error.code !== undefined ? String(error.code) : null;

/**
 * A failed SDK call as the port states it. Only Twilio's answer or the network error's own
 * message goes in: the SDK's error objects carry the request, credentials included.
 */
export const providerFailureOf = (error: unknown, apiOrigin: string): ProviderFailure => {
  if (isTwilioError(error)) {
    const providerCode = twilioCodeOf(error);
    const said = error.detail ?? error.message ?? `HTTP ${error.status}`;
    const explained = providerCode ? EXPLANATIONS[providerCode] : undefined;
    return { _tag: 'ProviderError', message: explained ? `${explained} (Twilio: ${said})` : said, providerCode };
  }
  const reason = error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
  return { _tag: 'ProviderError', message: `could not reach the Twilio API at ${apiOrigin}: ${reason}`, providerCode: null };
};
