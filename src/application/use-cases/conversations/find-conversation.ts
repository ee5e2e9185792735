import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { ConversationDetail, ConversationQuery } from '../../queries/conversation-query.js';

export type FindConversationError = NotFound;

/** One conversation by its id alone, whatever its project, with its recent messages. */
export class FindConversation {
  constructor(private readonly deps: { readonly conversation: ConversationQuery }) {}

  execute(input: { readonly conversationId: string; readonly messageLimit: number }): TE.TaskEither<FindConversationError, ConversationDetail> {
    return async () => {
      const detail = await this.deps.conversation.inAnyProject(input.conversationId, input.messageLimit);
      return detail ? E.right(detail) : E.left(notFound('conversation', input.conversationId));
    };
  }
}
