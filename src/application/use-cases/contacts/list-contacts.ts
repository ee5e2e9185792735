import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Contact } from '../../../domain/contact.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export class ListContacts {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly page: PageRequest;
    readonly search: string | null;
  }): TE.TaskEither<never, Page<Contact>> {
    const search = input.search?.trim() ? input.search.trim() : null;
    return () =>
      this.deps.uow.transaction(async (tx) => E.right(await tx.contacts.list(input.projectId, { ...input.page, search })));
  }
}
