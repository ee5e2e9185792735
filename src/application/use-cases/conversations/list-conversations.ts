import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { ConversationListPage } from '../../ports/messaging-repositories.js';
import type { PageRequest } from '../../ports/pagination.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

export type ListConversationsError = NotFound;

/** The project's threads, or one agent's, most recently active first, with the version they were read at. */
export class ListConversations {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly page: PageRequest;
    /** Only this agent's threads; the agent must be the project's. */
    readonly agentId: string | null;
  }): TE.TaskEither<ListConversationsError, ConversationListPage> {
    return () =>
      readOnly(this.deps.uow, async (tx) => {
        const { agentId } = input;
        if (agentId === null) return E.right(await tx.conversations.list(input.projectId, input.page));
        // The agent is read with its page, in the same read: null when the project has no such agent.
        const listed = await tx.conversations.listByAgent(input.projectId, { ...input.page, agentId });
        return listed ? E.right(listed) : E.left(notFound('agent', agentId));
      });
  }
}
