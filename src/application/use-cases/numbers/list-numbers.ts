import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** The project's live numbers; released ones are only found by id. */
export class ListNumbers {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<PhoneNumber>> {
    return () => this.deps.uow.transaction(async (tx) => E.right(await tx.numbers.listLive(input.projectId, input.page)));
  }
}
