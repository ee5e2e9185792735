import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Webhook } from '../../../domain/webhook.js';
import { newDelivery, recordAttempt } from '../../../domain/webhook-delivery.js';
import { badRequest, notFound, type BadRequest, type NotFound } from '../../errors.js';
import { deliveryKeysOf } from '../../events/outbound-event.js';
import { testMessageEvent } from '../../events/sms-message-event.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { Repositories } from '../../ports/repositories.js';
import type { WebhookTransport } from '../../ports/webhook-transport.js';
import type { CoreDeps } from '../common/deps.js';
import { endpointFor } from '../../webhooks/outbox.js';

export interface SendTestWebhookDeps extends CoreDeps {
  readonly transport: WebhookTransport;
  readonly eventEncoder: OutboundEventEncoder;
  readonly timeoutMs: number;
}

export interface TestWebhookResult {
  readonly success: boolean;
  readonly httpStatus: number | null;
  readonly errorMessage: string | null;
}

/**
 * `account`: the default webhook, the payload naming `agentId` (else the project's first
 * agent). `agent`: wherever that agent's events go (its own webhook, else the default).
 */
export type TestTarget =
  | { readonly kind: 'account'; readonly projectId: string; readonly agentId: string | null }
  | { readonly kind: 'agent'; readonly projectId: string; readonly agentId: string };

export type SendTestWebhookError = NotFound | BadRequest;

/**
 * Sends a signed sample `agent.message` at once (never queued, never retried) and answers
 * with the outcome. The send is logged as a delivery with its one attempt, so it shows in
 * the delivery list and the statistics like any other.
 */
export class SendTestWebhook {
  constructor(private readonly deps: SendTestWebhookDeps) {}

  execute(target: TestTarget): TE.TaskEither<SendTestWebhookError, TestWebhookResult> {
    const { uow, clock, ids, transport } = this.deps;
    return async () => {
      const found = await uow.transaction((tx) => this.resolve(tx, target));
      if (E.isLeft(found)) return found;
      const { webhook, agentId } = found.right;
      const id = ids.next('whd');
      const queuedAt = clock.now();
      const event = testMessageEvent(agentId, id, queuedAt);
      const body = this.deps.eventEncoder.encode(event);
      const delivery = newDelivery({
        id,
        webhook,
        ...deliveryKeysOf(event),
        // The sample's message id names no stored message.
        messageId: null,
        body,
        now: queuedAt,
        dueAt: null,
      });
      const response = await transport.send({
        url: webhook.url,
        secret: webhook.secret,
        deliveryId: id,
        eventType: delivery.eventType,
        body,
        timeoutMs: this.deps.timeoutMs,
      });
      const attemptedAt = clock.now();
      // A one-step schedule: the outcome of this attempt is final.
      const sent = recordAttempt(delivery, response, [0], attemptedAt);
      await uow.transaction(async (tx) => {
        await tx.deliveries.enqueue([sent]);
        await tx.deliveries.recordAttempts([
          {
            delivery: sent,
            attempt: {
              deliveryId: id,
              attempt: 1,
              attemptedAt,
              httpStatus: response.httpStatus,
              errorMessage: response.errorMessage,
              durationMs: response.durationMs,
            },
          },
        ]);
        return E.right(undefined);
      });
      return E.right({ success: response.ok, httpStatus: response.httpStatus, errorMessage: response.errorMessage });
    };
  }

  private async resolve(
    tx: Repositories,
    target: TestTarget,
  ): Promise<E.Either<SendTestWebhookError, { webhook: Webhook; agentId: string | null }>> {
    if (target.kind === 'agent') {
      if (!(await tx.agents.findById(target.projectId, target.agentId))) return E.left(notFound('agent', target.agentId));
      const webhook = await endpointFor(tx, target.projectId, target.agentId);
      return webhook
        ? E.right({ webhook, agentId: target.agentId })
        : E.left(badRequest('No webhook is configured for this agent or the account: POST /v1/agents/{id}/webhook first'));
    }
    if (target.agentId !== null && !(await tx.agents.findById(target.projectId, target.agentId))) {
      return E.left(notFound('agent', target.agentId));
    }
    const webhook = await tx.webhooks.findDefault(target.projectId);
    if (!webhook) return E.left(badRequest('No account webhook is configured: POST /v1/webhooks first'));
    const agentId = target.agentId ?? (await tx.agents.list(target.projectId, { limit: 1, offset: 0 })).items[0]?.id ?? null;
    return E.right({ webhook, agentId });
  }
}
