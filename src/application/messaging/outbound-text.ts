import * as E from 'fp-ts/lib/Either.js';
import { acceptedByCarrier, advanceStatus, type Message } from '../../domain/message.js';
import type { KeptAnswer } from '../ports/outbound-text-repositories.js';
import type { OutboundSms, SentSms } from '../ports/telephony.js';
import type { ProviderFailure } from '../ports/provider-failure.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ServiceActivity } from '../ports/service-activity.js';
import type { DeliveryTrigger } from '../ports/webhook-repositories.js';
import { messageFailedEvent } from '../events/message-failed-event.js';
import { endpointFor, queueWebhookEvent, type QueueDeps } from '../webhooks/outbox.js';

/** What the carrier made of one try of a text: accepted (with its id), or refused. */
export type SendOutcome = E.Either<ProviderFailure, SentSms>;

/**
 * The carrier's request for a stored outbound message. Our own ids ride along in the status
 * callback URL: the first report can arrive before the carrier's id is saved, and the URL names
 * the message whichever try of it the carrier holds.
 */
export const outboundSmsOf = (message: Message, smsStatusUrl: string): OutboundSms => ({
  from: message.fromNumber,
  to: message.toNumber,
  body: message.body,
  mediaUrls: message.mediaUrls,
  statusCallbackUrl: `${smsStatusUrl}?${new URLSearchParams({ projectId: message.projectId, messageId: message.id })}`,
});

/** The answer a retry with the request's idempotency key gets again. */
export const keptAnswerOf = (message: Message, outcome: SendOutcome): KeptAnswer =>
  E.isRight(outcome)
    ? { kind: 'accepted', status: message.status, providerMessageId: message.providerMessageId, errorCode: message.errorCode }
    : { kind: 'refused', message: outcome.left.message, providerCode: outcome.left.providerCode };

/** What settling a send needs: storage, and what queueing a refused text's event takes. */
export interface SettleDeps extends QueueDeps {
  readonly uow: UnitOfWork;
  /** Told once a refused text's event is queued, so the dispatcher sends it at once. */
  readonly deliveryTrigger: DeliveryTrigger;
  /** Counts the texts the carrier took; absent: nobody counts. */
  readonly activity?: ServiceActivity;
}

/**
 * Records the carrier's answer, in one unit of work: on the message (its id, or `failed`), on
 * the idempotency key that sent it, and by taking the text out of the outbox; a refusal also
 * queues `agent.message_failed` for the thread's agent's webhook (or the account default). A
 * status report that came first is kept: the message is read again before it is changed.
 */
export const settleText = async (deps: SettleDeps, message: Message, outcome: SendOutcome): Promise<Message> => {
  let queued = false;
  const settled = await deps.uow.transaction(async (tx) => {
    const current = (await tx.messages.findById(message.projectId, message.id)) ?? message;
    const updated = E.isRight(outcome)
      ? acceptedByCarrier(current, outcome.right.providerMessageId, outcome.right.status)
      : advanceStatus(current, 'failed', outcome.left.providerCode);
    if (updated !== current) await tx.messages.save(updated);
    await tx.outboundTexts.complete(message.id);
    await tx.idempotencyKeys.recordAnswer(message.projectId, message.id, keptAnswerOf(updated, outcome));
    if (E.isLeft(outcome) && updated !== current && updated.status === 'failed') {
      const agentId = (await tx.conversations.findById(message.projectId, message.conversationId))?.agentId ?? null;
      const webhook = await endpointFor(tx, message.projectId, agentId);
      if (webhook) {
        await queueWebhookEvent(tx, deps, webhook, messageFailedEvent(updated, agentId, outcome.left.message, deps.clock.now()));
        queued = true;
      }
    }
    return E.right(updated);
  });
  if (queued) deps.deliveryTrigger.poke();
  if (E.isRight(outcome)) deps.activity?.texted('outbound');
  return E.isRight(settled) ? settled.right : message;
};
