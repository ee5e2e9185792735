import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isLive, type Call } from '../../../domain/call.js';
import { notFound, type NotFound } from '../../errors.js';
import { transferEvent, type TransferEventName } from '../../events/transfer-events.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import { endpointFor, queueWebhookEvent } from '../../webhooks/outbox.js';
import type { CoreDeps } from '../common/deps.js';
import type { FinishCall } from './finish-call.js';

export type WarmTransferStage = 'started' | 'bridged' | 'failed';

export interface RecordWarmTransferInput {
  readonly callId: string;
  readonly stage: WarmTransferStage;
  readonly transferTo: string;
  readonly summary: string | null;
  /** The carrier's reason (`no-answer`, `busy` …) when it failed. */
  readonly failureReason?: string | null;
}

export interface RecordWarmTransferDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger | null;
  readonly finishCall: FinishCall;
}

const EVENT_OF: Readonly<Record<WarmTransferStage, TransferEventName>> = {
  started: 'agent.transfer_started',
  bridged: 'agent.transfer_bridged',
  failed: 'agent.transfer_failed',
};

/**
 * A warm transfer moved on (reported by the carrier adapter): its event is queued; once the
 * human is put through, the call ends for the agent as a transfer (as a cold one does). After a
 * failure the call goes on: the caller is back with the agent, whose webhook hears why.
 */
export class RecordWarmTransfer {
  constructor(private readonly deps: RecordWarmTransferDeps) {}

  execute(input: RecordWarmTransferInput): TE.TaskEither<NotFound, Call> {
    return async () => {
      const recorded = await this.deps.uow.transaction(async (tx): Promise<E.Either<NotFound, { call: Call; queued: boolean }>> => {
        const call = await tx.calls.lockByIdInAnyProject(input.callId);
        if (!call) return E.left(notFound('call', input.callId));
        if (!isLive(call)) return E.right({ call, queued: false });
        const webhook = await endpointFor(tx, call.projectId, call.agentId);
        if (!webhook) return E.right({ call, queued: false });
        const event = transferEvent(EVENT_OF[input.stage], call, { transferTo: input.transferTo, summary: input.summary, failureReason: input.failureReason ?? null }, this.deps.clock.now());
        await queueWebhookEvent(tx, this.deps, webhook, event);
        return E.right({ call, queued: true });
      });
      if (E.isLeft(recorded)) return recorded;
      if (recorded.right.queued) this.deps.deliveryTrigger?.poke();
      if (input.stage !== 'bridged') return E.right(recorded.right.call);
      return this.deps.finishCall.execute({ callId: input.callId, outcome: 'completed', reason: 'transfer' })();
    };
  }
}
