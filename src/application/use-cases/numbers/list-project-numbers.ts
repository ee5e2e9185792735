import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { NumberListQuery } from '../../queries/number-list-query.js';

/** Every number the project ever provisioned, released ones included, oldest first. */
export class ListProjectNumbers {
  constructor(private readonly deps: { readonly numbers: NumberListQuery }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<PhoneNumber>> {
    return async () => E.right(await this.deps.numbers.all(input.projectId, input.page));
  }
}
