import * as E from 'fp-ts/lib/Either.js';
import type { Campaign } from '../../../domain/campaign.js';
import type { CampaignRecipient } from '../../../domain/campaign-recipient.js';
import type { E164 } from '../../../domain/e164.js';
import type { FieldProblem, Validation } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';
import type { NumberTimeZones } from '../../ports/time-zones.js';
import type { CoreDeps } from '../common/deps.js';

/** One person to call, as the user lists them (JSON, or a CSV row with its line number). */
export interface RecipientInput {
  readonly phoneNumber: E164;
  readonly contactId: string | null;
  readonly variables: Readonly<Record<string, string>>;
  /** Where it came from, for error messages: `recipients[3]` or `line 5`. */
  readonly source: string;
}

export interface ImportSummary {
  /** Recipients added (those skipped for do-not-call included). */
  readonly added: number;
  /** Entries of the request merged into an earlier entry with the same number. */
  readonly merged: number;
  /** Entries whose number the campaign already had (left as they were). */
  readonly alreadyOnCampaign: number;
  /** Added as skipped: their contact opted out. */
  readonly doNotCall: number;
}

export interface RecipientImportDeps extends CoreDeps {
  readonly numberZones: NumberTimeZones;
}

/** Same number twice: one recipient, the later entry's variables over the earlier's. */
const merge = (inputs: readonly RecipientInput[]): { readonly unique: RecipientInput[]; readonly merged: number } => {
  const byNumber = new Map<string, RecipientInput>();
  for (const input of inputs) {
    const earlier = byNumber.get(input.phoneNumber);
    byNumber.set(
      input.phoneNumber,
      earlier
        ? { ...earlier, contactId: earlier.contactId ?? input.contactId, variables: { ...earlier.variables, ...input.variables } }
        : input,
    );
  }
  return { unique: [...byNumber.values()], merged: inputs.length - byNumber.size };
};

/**
 * Adds people to a campaign inside the caller's unit of work: duplicates merged, numbers the
 * campaign has already left alone, each linked to the project's contact with the number (an
 * opted-out contact makes a skipped recipient), each in the time zone of the number (else the
 * campaign's default). An unknown contact id refuses the whole request: nothing is added.
 */
export const importRecipients = async (
  tx: Repositories,
  deps: RecipientImportDeps,
  campaign: Campaign,
  inputs: readonly RecipientInput[],
): Promise<E.Either<Validation, ImportSummary>> => {
  const { unique, merged } = merge(inputs);
  const problems: FieldProblem[] = [];
  for (const contactId of new Set(unique.flatMap((r) => (r.contactId ? [r.contactId] : [])))) {
    if (!(await tx.contacts.findById(campaign.projectId, contactId))) {
      const where = unique.find((r) => r.contactId === contactId)!.source;
      problems.push({ field: `${where}.contactId`, message: `is not a contact of this project (${contactId})`, type: 'value_error' });
    }
  }
  if (problems.length > 0) return E.left({ _tag: 'Validation', message: problems.map((p) => `${p.field} ${p.message}`).join('; '), details: problems });

  const existing = new Set<string>(await tx.campaignRecipients.existingNumbers(campaign.id, unique.map((r) => r.phoneNumber)));
  const fresh = unique.filter((r) => !existing.has(r.phoneNumber));
  const contacts = new Map(
    (await tx.contacts.findByPhoneNumbers(fresh.map((r) => ({ projectId: campaign.projectId, phoneNumber: r.phoneNumber })))).map((c) => [c.phoneNumber as string, c]),
  );
  const now = deps.clock.now();
  const recipients: CampaignRecipient[] = [];
  for (const input of fresh) {
    const contact = contacts.get(input.phoneNumber);
    const optedOut = contact?.doNotCall ?? false;
    recipients.push({
      id: deps.ids.next('rcp'),
      campaignId: campaign.id,
      projectId: campaign.projectId,
      phoneNumber: input.phoneNumber,
      contactId: input.contactId ?? contact?.id ?? null,
      variables: input.variables,
      timeZone: (await deps.numberZones.zoneOf(input.phoneNumber)) ?? campaign.schedule.defaultTimeZone,
      status: optedOut ? 'skipped' : 'pending',
      attempts: 0,
      nextAttemptAt: optedOut ? null : now,
      lastCallId: null,
      lastOutcome: null,
      skipReason: optedOut ? 'do_not_call' : null,
      createdAt: now,
      updatedAt: now,
    });
  }
  await tx.campaignRecipients.insert(recipients);
  return E.right({
    added: recipients.length,
    merged,
    alreadyOnCampaign: unique.length - fresh.length,
    doNotCall: recipients.filter((r) => r.status === 'skipped').length,
  });
};
