import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuditActor } from '../../../domain/audit-event.js';
import { recordConsentChanges } from '../../compliance/audit-records.js';
import { createContact, updateContact, type Contact, type ContactFields } from '../../../domain/contact.js';
import type { FieldProblem, Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';

/** One row of an import, with where it came from (`line 5`) for the problems to name. */
export interface ContactImportRow {
  readonly line: string;
  readonly fields: ContactFields;
}

export interface ContactImportSummary {
  /** New contacts. */
  readonly created: number;
  /** Contacts the project had with the row's number: their consent (and other fields given) changed. */
  readonly updated: number;
}

export type ImportContactsError = Validation;

/**
 * Contacts from a list, in one unit of work: a number new to the project is a new contact, one it
 * has already is updated with the row's fields (a consent channel left empty stays as it was).
 * Every bad row is reported with its line, and then nothing is written. Each consent record the
 * import sets or replaces goes on the audit trail.
 */
export class ImportContacts {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly rows: readonly ContactImportRow[]; readonly actor: AuditActor }): TE.TaskEither<ImportContactsError, ContactImportSummary> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<ImportContactsError, ContactImportSummary>> => {
        const now = clock.now();
        const existing = new Map<string, Contact>(
          (await tx.contacts.findByPhoneNumbers(input.rows.map((row) => ({ projectId: input.projectId, phoneNumber: row.fields.phoneNumber })))).map((c) => [c.phoneNumber, c]),
        );
        const problems: FieldProblem[] = [];
        const firstLine = new Map<string, string>();
        const created: Contact[] = [];
        const updated: Contact[] = [];
        for (const { line, fields } of input.rows) {
          const earlier = firstLine.get(fields.phoneNumber);
          if (earlier) {
            problems.push({ field: line, message: `repeats the phone number of ${earlier}`, type: 'value_error' });
            continue;
          }
          firstLine.set(fields.phoneNumber, line);
          const known = existing.get(fields.phoneNumber);
          const contact = known ? updateContact(known, fields, now) : createContact({ id: ids.next('ctc'), projectId: input.projectId, fields, now });
          if (E.isLeft(contact)) problems.push({ field: line, message: `${contact.left.field} ${contact.left.message}`, type: 'value_error' });
          else (known ? updated : created).push(contact.right);
        }
        if (problems.length > 0) {
          const details = problems.slice(0, 100);
          return E.left({ _tag: 'Validation', message: `The import has bad rows: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details });
        }
        for (const contact of updated) await tx.contacts.save(contact);
        for (const contact of created) await tx.contacts.save(contact);
        for (const contact of [...updated, ...created]) {
          await recordConsentChanges(tx, ids, { actor: input.actor, at: now }, existing.get(contact.phoneNumber)?.consent ?? null, contact);
        }
        return E.right({ created: created.length, updated: updated.length });
      });
  }
}
