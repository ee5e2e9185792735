import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { LedgerEntry } from '../../../domain/ledger.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { LedgerQuery } from '../../queries/ledger-query.js';

export type ListLedgerError = NotFound;

/** The project's account entries, newest first: what its balance is the sum of. */
export class ListLedger {
  constructor(private readonly deps: { readonly ledger: LedgerQuery }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<ListLedgerError, Page<LedgerEntry>> {
    return async () => {
      const page = await this.deps.ledger.page(input.projectId, input.page);
      return page ? E.right(page) : E.left(notFound('project', input.projectId));
    };
  }
}
