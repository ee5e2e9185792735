import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { MessageCursor, MessageSlice } from '../../ports/messaging-repositories.js';
import type { NumberMessagesQuery } from '../../queries/number-messages-query.js';

export type ListNumberMessagesError = NotFound;

/** Every message through one number, all threads, newest first; released numbers keep theirs. */
export class ListNumberMessages {
  constructor(private readonly deps: { readonly messages: NumberMessagesQuery }) {}

  execute(input: {
    readonly projectId: string;
    readonly numberId: string;
    readonly cursor: MessageCursor;
  }): TE.TaskEither<ListNumberMessagesError, MessageSlice> {
    return async () => {
      const slice = await this.deps.messages.window(input.projectId, input.numberId, input.cursor);
      return slice ? E.right(slice) : E.left(notFound('number', input.numberId));
    };
  }
}
