import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Contact } from '../../../domain/contact.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type GetContactError = NotFound;

export class GetContact {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly contactId: string }): TE.TaskEither<GetContactError, Contact> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const contact = await tx.contacts.findById(input.projectId, input.contactId);
        return contact ? E.right(contact) : E.left(notFound('contact', input.contactId));
      });
  }
}
