import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { LedgerEntry } from '../../../domain/ledger.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type ListLedgerError = NotFound;

/** The project's account entries, newest first: what its balance is the sum of. */
export class ListLedger {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<ListLedgerError, Page<LedgerEntry>> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        if (!(await tx.projects.findById(input.projectId))) return E.left(notFound('project', input.projectId));
        return E.right(await tx.ledger.list(input.projectId, input.page));
      });
  }
}
