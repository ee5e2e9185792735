import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { MessageCursor, MessageSlice } from '../../ports/messaging-repositories.js';
import type { Versioned } from '../../ports/read-version.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

export type ListConversationMessagesError = NotFound;

/** One thread's messages, newest first, by `receivedAt` cursor. */
export class ListConversationMessages {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly conversationId: string;
    readonly cursor: MessageCursor;
  }): TE.TaskEither<ListConversationMessagesError, MessageSlice & Versioned> {
    return () =>
      readOnly(this.deps.uow, async (tx) => {
        const slice = await tx.messages.listByProjectConversation(input.projectId, input.conversationId, input.cursor);
        return slice ? E.right(slice) : E.left(notFound('conversation', input.conversationId));
      });
  }
}
