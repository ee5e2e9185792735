import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type GetNumberError = NotFound;

export class GetNumber {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly numberId: string }): TE.TaskEither<GetNumberError, PhoneNumber> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const number = await tx.numbers.findById(input.projectId, input.numberId);
        return number ? E.right(number) : E.left(notFound('number', input.numberId));
      });
  }
}
