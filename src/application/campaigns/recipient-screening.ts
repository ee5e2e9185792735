import { nextCallableAt } from '../../domain/calling-window.js';
import type { Campaign } from '../../domain/campaign.js';
import type { CampaignRecipient } from '../../domain/campaign-recipient.js';
import { satisfies } from '../../domain/consent.js';
import type { Repositories } from '../ports/repositories.js';
import type { TimeZoneCalendar } from '../ports/time-zones.js';

/** What the suppression list and the recipients' contacts say about a batch of recipients, read once for the batch. */
export interface ScreeningFacts {
  /** Numbers on the suppression list for calls, or whose contact is marked do-not-call. */
  readonly optedOut: ReadonlySet<string>;
  /** Numbers whose contact has the consent the campaign requires (empty when it requires none). */
  readonly consenting: ReadonlySet<string>;
}

/** Where a waiting recipient stands before its call: dialled now, skipped for good, or held until its hours open. */
export type ScreeningVerdict =
  | { readonly kind: 'dial' }
  | { readonly kind: 'skip'; readonly reason: 'do_not_call' | 'no_consent' | 'schedule_ended' }
  | { readonly kind: 'wait'; readonly until: Date };

export const screeningFacts = async (tx: Repositories, campaign: Campaign, recipients: readonly CampaignRecipient[]): Promise<ScreeningFacts> => {
  const contacts = await tx.contacts.findByPhoneNumbers(recipients.map((r) => ({ projectId: r.projectId, phoneNumber: r.phoneNumber })));
  const optedOut = new Set<string>([
    ...contacts.filter((c) => c.doNotCall).map((c) => c.phoneNumber as string),
    ...(await tx.suppressions.findSuppressed(campaign.projectId, recipients.map((r) => r.phoneNumber), 'voice')),
  ]);
  const required = campaign.requireConsent;
  const consenting = new Set<string>(required ? contacts.filter((c) => satisfies(c.consent, 'voice', required)).map((c) => c.phoneNumber) : []);
  return { optedOut, consenting };
};

/**
 * The checks a recipient passes before the engine dials it, in the engine's order: the
 * suppression list and do-not-call, the consent the campaign requires, then its calling hours
 * in its own time zone. The campaign preview asks the same function, so what it counts is what
 * the engine then does.
 */
export const screenRecipient = (
  facts: ScreeningFacts,
  campaign: Campaign,
  recipient: CampaignRecipient,
  now: Date,
  calendar: TimeZoneCalendar,
): ScreeningVerdict => {
  if (facts.optedOut.has(recipient.phoneNumber)) return { kind: 'skip', reason: 'do_not_call' };
  if (campaign.requireConsent && !facts.consenting.has(recipient.phoneNumber)) return { kind: 'skip', reason: 'no_consent' };
  const callable = nextCallableAt(campaign.schedule, recipient.timeZone, now, calendar);
  if (callable === null) return { kind: 'skip', reason: 'schedule_ended' };
  return callable.getTime() > now.getTime() ? { kind: 'wait', until: callable } : { kind: 'dial' };
};
