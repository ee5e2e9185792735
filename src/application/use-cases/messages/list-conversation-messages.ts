import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { ConversationMessagesQuery } from '../../queries/conversation-messages-query.js';
import { versionOf, type VersionedRead } from '../../queries/versioned-read.js';
import type { MessageCursor, MessageSlice } from '../../ports/messaging-repositories.js';
import type { ReadVersion, Versioned } from '../../ports/read-version.js';

export type ListConversationMessagesError = NotFound;

type ListConversationMessagesInput = {
  readonly projectId: string;
  readonly conversationId: string;
  readonly cursor: MessageCursor;
};

/** One thread's messages, newest first, by `receivedAt` cursor. */
export class ListConversationMessages
  implements VersionedRead<ListConversationMessagesInput, ListConversationMessagesError, MessageSlice & Versioned>
{
  constructor(private readonly deps: { readonly messages: ConversationMessagesQuery }) {}

  execute(input: ListConversationMessagesInput): TE.TaskEither<ListConversationMessagesError, MessageSlice & Versioned> {
    return async () => {
      const slice = await this.deps.messages.window(input.projectId, input.conversationId, input.cursor);
      return slice ? E.right(slice) : E.left(notFound('conversation', input.conversationId));
    };
  }

  version(input: ListConversationMessagesInput): TE.TaskEither<never, ReadVersion> {
    return versionOf(() => this.deps.messages.version(input.projectId, input.conversationId, input.cursor));
  }
}
