import { createContact, withDoNotCall, type Contact } from '../../../domain/contact.js';
import { optChangeOf } from '../../../domain/campaign-recipient.js';
import { callerActor } from '../../../domain/audit-event.js';
import type { E164 } from '../../../domain/e164.js';
import type { Suppression } from '../../../domain/suppression.js';
import { recordSuppressionChanges } from '../../compliance/audit-records.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';

export interface ReceivedText {
  readonly projectId: string;
  readonly from: E164;
  readonly body: string;
  /** The thread the text landed in: where the audit trail says the sender asked. */
  readonly conversationId?: string;
}

const keyOf = (projectId: string, phoneNumber: string) => `${projectId} ${phoneNumber}`;

/**
 * Honours the opt-out keywords of the texts just stored, in the same unit of work (carriers
 * require STOP to be honoured): STOP and its like put the sender on the project's suppression
 * list for every channel (source `sms_keyword`, the keyword its reason), set the sender's
 * contact `doNotCall` (a contact is made, named by the number, when there is none) and skip
 * the number's waiting recipients in every campaign of the project; START and its like take
 * off what a keyword put there (not the operator's or a caller's own entries) and clear
 * `doNotCall`. One read for the whole batch, nothing for texts that are not keywords. Each entry
 * put on or taken off goes on the audit trail, the sender (and their keyword) as who and why.
 */
export const recordOptChanges = async (
  tx: Repositories,
  deps: { readonly ids: IdGenerator; readonly clock: Clock },
  texts: readonly ReceivedText[],
): Promise<void> => {
  const changes = new Map<string, { text: ReceivedText; optOut: boolean }>();
  for (const text of texts) {
    const change = optChangeOf(text.body);
    if (change) changes.set(keyOf(text.projectId, text.from), { text, optOut: change === 'opt_out' });
  }
  if (changes.size === 0) return;
  const now = deps.clock.now();
  const contacts = new Map<string, Contact>(
    (await tx.contacts.findByPhoneNumbers([...changes.values()].map(({ text }) => ({ projectId: text.projectId, phoneNumber: text.from })))).map(
      (c) => [keyOf(c.projectId, c.phoneNumber), c],
    ),
  );
  for (const [key, { text, optOut }] of changes) {
    const known = contacts.get(key);
    if (known) {
      const changed = withDoNotCall(known, optOut, now);
      if (changed !== known) await tx.contacts.save(changed);
    } else if (optOut) {
      const created = createContact({ id: deps.ids.next('ctc'), projectId: text.projectId, fields: { name: text.from, phoneNumber: text.from, doNotCall: true }, now });
      if (created._tag === 'Right') await tx.contacts.save(created.right);
    }
    const keyword = text.body.trim().toUpperCase().slice(0, 40);
    const change = { actor: callerActor(text.conversationId === undefined ? {} : { conversationId: text.conversationId }, text.body.trim()), at: now };
    if (optOut) {
      const entry: Suppression = { projectId: text.projectId, phoneNumber: text.from, channel: 'all', reason: keyword, source: 'sms_keyword', createdAt: now };
      if (await tx.suppressions.add(entry)) await recordSuppressionChanges(tx, deps.ids, { ...change, kind: 'suppression.added' }, [entry]);
      await tx.campaignRecipients.skipNumber(text.projectId, text.from, 'do_not_call', now);
    } else {
      const removed = await tx.suppressions.removeBySource(text.projectId, text.from, 'sms_keyword');
      await recordSuppressionChanges(tx, deps.ids, { ...change, kind: 'suppression.removed' }, removed.map((entry) => ({ ...entry, reason: keyword })));
    }
  }
};
