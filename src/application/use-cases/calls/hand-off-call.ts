import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { handOffCall } from '../../../domain/call-handoff.js';
import { conflict, notFound, type Conflict, type NotFound } from '../../errors.js';
import { agentHandoffEvent } from '../../events/agent-handoff-event.js';
import type { HandedOff, HandoffRequest } from '../../ports/call-handoffs.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import { endpointFor, queueWebhookEvent } from '../../webhooks/outbox.js';
import type { CoreDeps } from '../common/deps.js';

export interface HandOffCallDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger | null;
}

export type HandOffCallError = NotFound | Conflict;

/**
 * A live call passes from its agent to another the agent lists. In one unit of work, the call
 * held: the call takes the new agent (its voice mode, voice and language), the handoff joins the
 * call's history, and `agent.handoff` is queued for the new agent's webhook (and the old one's,
 * where it is another). Refused past the call's limit, to an agent not listed or gone, or once
 * the call is over; nothing is written then.
 */
export class HandOffCall {
  constructor(private readonly deps: HandOffCallDeps) {}

  execute(input: HandoffRequest): TE.TaskEither<HandOffCallError, HandedOff> {
    return async () => {
      const done = await this.deps.uow.transaction(async (tx): Promise<E.Either<HandOffCallError, HandedOff & { queued: boolean }>> => {
        const call = await tx.calls.lockByIdInAnyProject(input.callId);
        if (!call) return E.left(notFound('call', input.callId));
        const [from, to] = await Promise.all([
          call.agentId ? tx.agents.findById(call.projectId, call.agentId) : null,
          tx.agents.findById(call.projectId, input.toAgentId),
        ]);
        if (!to) return E.left(notFound('agent', input.toAgentId));
        const now = this.deps.clock.now();
        const handed = handOffCall(call, from, to, input.summary, now);
        if (E.isLeft(handed)) {
          const why = handed.left._tag === 'HandoffLimitReached' ? `the call has made its ${handed.left.limit} handoffs` : handed.left._tag === 'CallNotLive' ? 'the call is over' : `agent ${to.id} is not one this agent may hand over to`;
          return E.left(conflict(why));
        }
        await tx.calls.save(handed.right);
        const handoff = handed.right.handoffs![handed.right.handoffs!.length - 1]!;
        const event = agentHandoffEvent(handed.right, handoff, now);
        const [webhook, previous] = await Promise.all([endpointFor(tx, call.projectId, to.id), endpointFor(tx, call.projectId, call.agentId)]);
        const targets = [webhook, previous].filter((w, i, all) => w !== null && all.findIndex((o) => o?.id === w.id) === i);
        for (const target of targets) await queueWebhookEvent(tx, this.deps, target!, event);
        return E.right({ call: handed.right, agent: to, webhook, queued: targets.length > 0 });
      });
      if (E.isLeft(done)) return done;
      if (done.right.queued) this.deps.deliveryTrigger?.poke();
      const { queued: _queued, ...handedOff } = done.right;
      return E.right(handedOff);
    };
  }
}
