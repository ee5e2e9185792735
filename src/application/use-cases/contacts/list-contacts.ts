import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Contact } from '../../../domain/contact.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { ContactListQuery } from '../../queries/contact-list-query.js';

export class ListContacts {
  constructor(private readonly deps: { readonly contacts: ContactListQuery }) {}

  execute(input: {
    readonly projectId: string;
    readonly page: PageRequest;
    readonly search: string | null;
  }): TE.TaskEither<never, Page<Contact>> {
    const search = input.search?.trim() ? input.search.trim() : null;
    return async () => E.right(await this.deps.contacts.page(input.projectId, { ...input.page, search }));
  }
}
