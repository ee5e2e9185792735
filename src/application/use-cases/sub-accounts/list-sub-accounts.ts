import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { subAccountOf, type SubAccount } from './sub-account-reads.js';

export type ListSubAccountsError = never;

/** The project's open sub-accounts, oldest first, each with its balance. */
export class ListSubAccounts {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly parentId: string; readonly page: PageRequest }): TE.TaskEither<ListSubAccountsError, Page<SubAccount>> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const page = await tx.projects.listChildren(input.parentId, input.page);
        const items: SubAccount[] = [];
        for (const project of page.items) items.push(await subAccountOf(tx, project));
        return E.right({ items, total: page.total });
      });
  }
}
