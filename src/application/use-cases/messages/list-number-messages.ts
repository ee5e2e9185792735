import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { MessageCursor, MessageSlice } from '../../ports/messaging-repositories.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type ListNumberMessagesError = NotFound;

/** Every message through one number, all threads, newest first; released numbers keep theirs. */
export class ListNumberMessages {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly numberId: string;
    readonly cursor: MessageCursor;
  }): TE.TaskEither<ListNumberMessagesError, MessageSlice> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const number = await tx.numbers.findById(input.projectId, input.numberId);
        if (!number) return E.left(notFound('number', input.numberId));
        return E.right(await tx.messages.listByNumber(number.id, input.cursor));
      });
  }
}
