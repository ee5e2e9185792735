import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { withRecentMessages, type ConversationDetail } from './conversation-detail.js';

export type GetConversationError = NotFound;

export class GetConversation {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly conversationId: string;
    readonly messageLimit: number;
  }): TE.TaskEither<GetConversationError, ConversationDetail> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const conversation = await tx.conversations.findById(input.projectId, input.conversationId);
        if (!conversation) return E.left(notFound('conversation', input.conversationId));
        return E.right(await withRecentMessages(tx, conversation, input.messageLimit));
      });
  }
}
