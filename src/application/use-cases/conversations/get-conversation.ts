import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { ConversationDetail, ConversationQuery } from '../../queries/conversation-query.js';

export type GetConversationError = NotFound;

export class GetConversation {
  constructor(private readonly deps: { readonly conversation: ConversationQuery }) {}

  execute(input: {
    readonly projectId: string;
    readonly conversationId: string;
    readonly messageLimit: number;
  }): TE.TaskEither<GetConversationError, ConversationDetail> {
    return async () => {
      const detail = await this.deps.conversation.withRecentMessages(input.projectId, input.conversationId, input.messageLimit);
      return detail ? E.right(detail) : E.left(notFound('conversation', input.conversationId));
    };
  }
}
