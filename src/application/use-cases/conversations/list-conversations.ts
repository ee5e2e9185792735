import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Conversation } from '../../../domain/conversation.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

export type ListConversationsError = NotFound;

/** The project's threads, or one agent's, most recently active first. */
export class ListConversations {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly page: PageRequest;
    /** Only this agent's threads; the agent must be the project's. */
    readonly agentId: string | null;
  }): TE.TaskEither<ListConversationsError, Page<Conversation>> {
    return () =>
      readOnly(this.deps.uow, async (tx) => {
        if (input.agentId !== null && !(await tx.agents.findById(input.projectId, input.agentId))) {
          return E.left(notFound('agent', input.agentId));
        }
        return E.right(await tx.conversations.list(input.projectId, { ...input.page, agentId: input.agentId }));
      });
  }
}
