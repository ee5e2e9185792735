import { satisfies, type RequiredConsent } from '../../domain/consent.js';
import type { E164 } from '../../domain/e164.js';
import type { OutboundChannel } from '../../domain/suppression.js';
import type { ComplianceRefused } from '../errors.js';
import type { Repositories } from '../ports/repositories.js';

export const consentRequired = (phoneNumber: E164, channel: OutboundChannel, required: RequiredConsent): ComplianceRefused => ({
  _tag: 'ComplianceRefused',
  reason: 'consent_required',
  message: `${phoneNumber} has no ${required} consent (or stronger) on record for ${channel === 'voice' ? 'calls' : 'texts'}; record it on the number's contact (consent.${channel}) first`,
});

/**
 * The refusal of an outbound call or text that asks for consent (`requireConsent`) the number's
 * contact does not have on record, or null when it has (or nothing was asked).
 */
export const consentRefusal = async (
  repos: Repositories,
  projectId: string,
  phoneNumber: E164,
  channel: OutboundChannel,
  required: RequiredConsent | null,
): Promise<ComplianceRefused | null> => {
  if (required === null) return null;
  const [contact] = await repos.contacts.findByPhoneNumbers([{ projectId, phoneNumber }]);
  return satisfies(contact?.consent ?? null, channel, required) ? null : consentRequired(phoneNumber, channel, required);
};
