import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuditActor } from '../../../domain/audit-event.js';
import { recordConsentChanges } from '../../compliance/audit-records.js';
import { updateContact, type Contact, type ContactFields } from '../../../domain/contact.js';
import { conflict, fromDomain, notFound, type Conflict, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { duplicateAsConflict } from '../common/uniqueness-races.js';
import { duplicateContactMessage } from './create-contact.js';

export type UpdateContactError = NotFound | Conflict | Validation;

/** Changes a contact's fields; a consent record it replaces or clears goes on the audit trail with who changed it. */
export class UpdateContact {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly ids: IdGenerator }) {}

  execute(input: {
    readonly projectId: string;
    readonly contactId: string;
    readonly changes: Partial<ContactFields>;
    readonly actor: AuditActor;
  }): TE.TaskEither<UpdateContactError, Contact> {
    const duplicate = duplicateContactMessage(input.changes.phoneNumber ?? '');
    return () =>
      this.deps.uow
        .transaction(async (tx): Promise<E.Either<UpdateContactError, Contact>> => {
          const contact = await tx.contacts.findById(input.projectId, input.contactId);
          if (!contact) return E.left(notFound('contact', input.contactId));
          const { phoneNumber } = input.changes;
          if (phoneNumber && phoneNumber !== contact.phoneNumber) {
            const other = await tx.contacts.findByPhoneNumber(input.projectId, phoneNumber);
            if (other && other.id !== contact.id) return E.left(conflict(duplicate));
          }
          const updated = updateContact(contact, input.changes, this.deps.clock.now());
          if (E.isLeft(updated)) return E.left(fromDomain(updated.left));
          await tx.contacts.save(updated.right);
          await recordConsentChanges(tx, this.deps.ids, { actor: input.actor, at: updated.right.updatedAt }, contact.consent, updated.right);
          return E.right(updated.right);
        })
        .catch(duplicateAsConflict(duplicate));
  }
}
