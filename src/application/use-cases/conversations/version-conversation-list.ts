import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { PageRequest } from '../../ports/pagination.js';
import type { ReadVersion } from '../../ports/read-version.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

/** The version of what {@link ListConversations} answers for the same input: unchanged while its answer is. */
export class VersionConversationList {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest; readonly agentId: string | null }): TE.TaskEither<never, ReadVersion> {
    return () =>
      readOnly(this.deps.uow, async (tx) =>
        E.right(await tx.conversations.listVersion(input.projectId, { ...input.page, agentId: input.agentId })),
      );
  }
}
