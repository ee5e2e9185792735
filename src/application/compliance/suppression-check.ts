import type { E164 } from '../../domain/e164.js';
import type { OutboundChannel } from '../../domain/suppression.js';
import type { ComplianceRefused } from '../errors.js';
import type { Repositories } from '../ports/repositories.js';

export const suppressed = (phoneNumber: E164, channel: OutboundChannel): ComplianceRefused => ({
  _tag: 'ComplianceRefused',
  reason: 'suppressed',
  message: `${phoneNumber} is on this project's suppression list for ${channel === 'voice' ? 'calls' : 'texts'}; remove it with DELETE /v1/suppressions/${encodeURIComponent(phoneNumber)} only if the person asked to be contacted again`,
});

/**
 * The refusal of an outbound call or text to a suppressed number, or null when the list lets
 * it through. Every outbound path asks it, in the unit of work that stores the attempt.
 */
export const suppressionRefusal = async (
  repos: Repositories,
  projectId: string,
  phoneNumber: E164,
  channel: OutboundChannel,
): Promise<ComplianceRefused | null> =>
  (await repos.suppressions.findSuppressed(projectId, [phoneNumber], channel)).length > 0 ? suppressed(phoneNumber, channel) : null;
