import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { withRecentMessages, type ConversationDetail } from './conversation-detail.js';

export type FindConversationError = NotFound;

/** One conversation by its id alone, whatever its project, with its recent messages. */
export class FindConversation {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly conversationId: string; readonly messageLimit: number }): TE.TaskEither<FindConversationError, ConversationDetail> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const conversation = await tx.conversations.findByIdInAnyProject(input.conversationId);
        if (!conversation) return E.left(notFound('conversation', input.conversationId));
        return E.right(await withRecentMessages(tx, conversation, input.messageLimit));
      });
  }
}
