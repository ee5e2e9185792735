import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type DeleteContactError = NotFound;

export class DeleteContact {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly contactId: string }): TE.TaskEither<DeleteContactError, void> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const contact = await tx.contacts.findById(input.projectId, input.contactId);
        if (!contact) return E.left(notFound('contact', input.contactId));
        await tx.contacts.delete(input.projectId, contact.id);
        return E.right(undefined);
      });
  }
}
