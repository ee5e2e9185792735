import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { replaceState } from '../../../domain/conversation.js';
import { fromDomain, notFound, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { ConversationDetail } from '../../queries/conversation-query.js';

export type UpdateConversationStateError = NotFound | Validation;

/** Replaces the thread's metadata (null clears it); webhooks carry it as `conversationState`. */
export class UpdateConversationState {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: {
    readonly projectId: string;
    readonly conversationId: string;
    readonly state: unknown;
    readonly messageLimit: number;
  }): TE.TaskEither<UpdateConversationStateError, ConversationDetail> {
    return () =>
      this.deps.uow.transaction(async (tx): Promise<E.Either<UpdateConversationStateError, ConversationDetail>> => {
        const conversation = await tx.conversations.findById(input.projectId, input.conversationId);
        if (!conversation) return E.left(notFound('conversation', input.conversationId));
        const updated = replaceState(conversation, input.state, this.deps.clock.now());
        if (E.isLeft(updated)) return E.left(fromDomain(updated.left));
        await tx.conversations.save(updated.right);
        // Read in the same unit as the write: the answer shows the state just stored.
        const recent = await tx.messages.listByConversation(updated.right.id, { limit: input.messageLimit, before: null, after: null });
        return E.right({ conversation: updated.right, messages: recent.items });
      });
  }
}
