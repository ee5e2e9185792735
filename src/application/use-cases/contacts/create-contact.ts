import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuditActor } from '../../../domain/audit-event.js';
import { recordConsentChanges } from '../../compliance/audit-records.js';
import { createContact, type Contact, type ContactFields } from '../../../domain/contact.js';
import { conflict, fromDomain, type Conflict, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';

export const duplicateContactMessage = (phoneNumber: string): string =>
  `a contact with phone number ${phoneNumber} already exists`;

export type CreateContactError = Conflict | Validation;

/**
 * One statement when the fields are valid: the insert itself finds a contact with the number
 * (the project's unique rule on it), so no transaction is needed around a check and a write.
 * The consent it is created with goes on the audit trail with it.
 */
export class CreateContact {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly fields: ContactFields; readonly actor: AuditActor }): TE.TaskEither<CreateContactError, Contact> {
    const { uow, clock, ids } = this.deps;
    const duplicate = conflict(duplicateContactMessage(input.fields.phoneNumber));
    return () =>
      uow.transaction(async (repos): Promise<E.Either<CreateContactError, Contact>> => {
        const created = createContact({ id: ids.next('ctc'), projectId: input.projectId, fields: input.fields, now: clock.now() });
        if (E.isLeft(created)) {
          // A number the project has already is the answer even to invalid fields, as it always was.
          const taken = await repos.contacts.findByPhoneNumber(input.projectId, input.fields.phoneNumber);
          return E.left(taken ? duplicate : fromDomain(created.left));
        }
        if (!(await repos.contacts.insertIfNumberFree(created.right))) return E.left(duplicate);
        await recordConsentChanges(repos, ids, { actor: input.actor, at: created.right.createdAt }, null, created.right);
        return E.right(created.right);
      });
  }
}
