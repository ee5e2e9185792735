import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { MessageCursor } from '../../ports/messaging-repositories.js';
import type { ReadVersion } from '../../ports/read-version.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

/** The version of what {@link ListConversationMessages} answers for the same input: unchanged while its answer is. */
export class VersionConversationMessages {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly conversationId: string;
    readonly cursor: MessageCursor;
  }): TE.TaskEither<never, ReadVersion> {
    return () =>
      readOnly(this.deps.uow, async (tx) =>
        E.right(await tx.messages.versionByProjectConversation(input.projectId, input.conversationId, input.cursor)),
      );
  }
}
