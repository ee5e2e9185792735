import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { NumberListQuery } from '../../queries/number-list-query.js';

/** The project's live numbers; released ones are only found by id. */
export class ListNumbers {
  constructor(private readonly deps: { readonly numbers: NumberListQuery }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<PhoneNumber>> {
    return async () => E.right(await this.deps.numbers.live(input.projectId, input.page));
  }
}
