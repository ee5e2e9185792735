import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { createContact, type Contact, type ContactFields } from '../../../domain/contact.js';
import { conflict, fromDomain, type Conflict, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';
import { duplicateAsConflict } from '../common/uniqueness-races.js';

export const duplicateContactMessage = (phoneNumber: string): string =>
  `a contact with phone number ${phoneNumber} already exists`;

export type CreateContactError = Conflict | Validation;

export class CreateContact {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly fields: ContactFields }): TE.TaskEither<CreateContactError, Contact> {
    const { uow, clock, ids } = this.deps;
    const duplicate = duplicateContactMessage(input.fields.phoneNumber);
    return () =>
      uow
        .transaction(async (tx): Promise<E.Either<CreateContactError, Contact>> => {
          if (await tx.contacts.findByPhoneNumber(input.projectId, input.fields.phoneNumber)) {
            return E.left(conflict(duplicate));
          }
          const created = createContact({ id: ids.next('ctc'), projectId: input.projectId, fields: input.fields, now: clock.now() });
          if (E.isLeft(created)) return E.left(fromDomain(created.left));
          await tx.contacts.save(created.right);
          return E.right(created.right);
        })
        .catch(duplicateAsConflict(duplicate));
  }
}
