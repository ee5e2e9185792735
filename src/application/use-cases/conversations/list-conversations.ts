import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { ConversationListPage, ConversationPageQuery } from '../../queries/conversation-page-query.js';
import { versionOf, type VersionedRead } from '../../queries/versioned-read.js';
import type { PageRequest } from '../../ports/pagination.js';
import type { ReadVersion } from '../../ports/read-version.js';

export type ListConversationsError = NotFound;

type ListConversationsInput = {
  readonly projectId: string;
  readonly page: PageRequest;
  /** Only this agent's threads; the agent must be the project's. */
  readonly agentId: string | null;
};

/** The project's threads, or one agent's, most recently active first, with the version they were read at. */
export class ListConversations implements VersionedRead<ListConversationsInput, ListConversationsError, ConversationListPage> {
  constructor(private readonly deps: { readonly conversations: ConversationPageQuery }) {}

  execute(input: ListConversationsInput): TE.TaskEither<ListConversationsError, ConversationListPage> {
    return async () => {
      const { agentId } = input;
      if (agentId === null) return E.right(await this.deps.conversations.page(input.projectId, input.page));
      // The agent is read with its page, in the same read: null when the project has no such agent.
      const listed = await this.deps.conversations.agentPage(input.projectId, { ...input.page, agentId });
      return listed ? E.right(listed) : E.left(notFound('agent', agentId));
    };
  }

  version(input: ListConversationsInput): TE.TaskEither<never, ReadVersion> {
    return versionOf(() => this.deps.conversations.version(input.projectId, { ...input.page, agentId: input.agentId }));
  }
}
