import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isLive, type Call } from '../../../domain/call.js';
import { conflict, notFound, type Conflict, type NotFound, type ProviderError } from '../../errors.js';
import type { Telephony } from '../../ports/telephony.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { FinishCall, FinishCallError } from './finish-call.js';

export type EndCallError = NotFound | Conflict | ProviderError | FinishCallError;

/** POST /v1/calls/{id}/end: hang up at the carrier, then record the end (`ended_by_api`). */
export class EndCall {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly telephony: Telephony; readonly finishCall: FinishCall }) {}

  execute(input: { readonly projectId: string; readonly callId: string }): TE.TaskEither<EndCallError, Call> {
    return async () => {
      const found = await this.deps.uow.transaction(async (tx): Promise<E.Either<NotFound | Conflict, Call>> => {
        const call = await tx.calls.findById(input.projectId, input.callId);
        if (!call) return E.left(notFound('call', input.callId));
        if (!isLive(call)) return E.left(conflict(`Call ${call.id} is not in progress (status ${call.status})`));
        return E.right(call);
      });
      if (E.isLeft(found)) return found;
      const call = found.right;
      if (call.providerCallId !== null) {
        const ended = await this.deps.telephony.endCall(call.providerCallId);
        if (E.isLeft(ended)) return ended;
      }
      return this.deps.finishCall.execute({ callId: call.id, outcome: 'completed', reason: 'ended_by_api' })();
    };
  }
}
