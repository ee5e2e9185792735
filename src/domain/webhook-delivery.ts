import * as E from 'fp-ts/lib/Either.js';
import type { DeliveryNotFailed } from './errors.js';

export type DeliveryStatus = 'pending' | 'success' | 'failed';
export type WebhookEventType =
  | 'agent.message'
  | 'agent.message_failed'
  | 'agent.call_ended'
  | 'agent.call_analyzed'
  | 'agent.call_started'
  | 'agent.transfer_started'
  | 'agent.transfer_bridged'
  | 'agent.transfer_failed'
  | 'agent.contact_opted_out'
  | 'agent.handoff'
  | 'campaign.started'
  | 'campaign.completed'
  | 'campaign.recipient_completed'
  | 'agent.test_run_completed';
export type EventChannel = 'sms' | 'voice';

/**
 * One event on its way to one webhook: the outbox row and its delivery log in one. The body
 * is fixed when the event is queued, so every retry sends the same bytes.
 */
export interface WebhookDelivery {
  readonly id: string;
  readonly projectId: string;
  readonly webhookId: string;
  readonly agentId: string | null;
  readonly eventType: WebhookEventType;
  readonly channel: EventChannel | null;
  readonly messageId: string | null;
  readonly callId: string | null;
  /** The JSON body to POST, serialised once. */
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attemptCount: number;
  readonly httpStatus: number | null;
  readonly errorMessage: string | null;
  readonly responseBody: string | null;
  readonly lastAttemptAt: Date | null;
  readonly nextRetryAt: Date | null;
  readonly createdAt: Date;
}

/** A new event for `webhook`, not yet attempted; due at `dueAt` (null: sent by its caller now). */
export const newDelivery = (props: {
  readonly id: string;
  readonly webhook: { readonly id: string; readonly projectId: string };
  readonly agentId: string | null;
  readonly eventType: WebhookEventType;
  readonly channel: EventChannel | null;
  readonly messageId: string | null;
  readonly callId: string | null;
  readonly body: string;
  readonly now: Date;
  readonly dueAt: Date | null;
}): WebhookDelivery => ({
  id: props.id,
  projectId: props.webhook.projectId,
  webhookId: props.webhook.id,
  agentId: props.agentId,
  eventType: props.eventType,
  channel: props.channel,
  messageId: props.messageId,
  callId: props.callId,
  body: props.body,
  status: 'pending',
  attemptCount: 0,
  httpStatus: null,
  errorMessage: null,
  responseBody: null,
  lastAttemptAt: null,
  nextRetryAt: props.dueAt,
  createdAt: props.now,
});

export interface AttemptOutcome {
  readonly ok: boolean;
  readonly httpStatus: number | null;
  readonly errorMessage: string | null;
  readonly responseBody: string | null;
}

/**
 * Records one attempt. `delaysSeconds[i]` is the wait before attempt i+1 (the first is
 * usually 0); after the last one a failure is final.
 */
export const recordAttempt = (
  delivery: WebhookDelivery,
  outcome: AttemptOutcome,
  delaysSeconds: readonly number[],
  now: Date,
): WebhookDelivery => {
  const attemptCount = delivery.attemptCount + 1;
  const nextDelay = delaysSeconds[attemptCount];
  const retry = !outcome.ok && nextDelay !== undefined;
  return {
    ...delivery,
    attemptCount,
    status: outcome.ok ? 'success' : retry ? 'pending' : 'failed',
    httpStatus: outcome.httpStatus,
    errorMessage: outcome.errorMessage,
    responseBody: outcome.responseBody === null ? null : outcome.responseBody.slice(0, 1024),
    lastAttemptAt: now,
    nextRetryAt: retry ? new Date(now.getTime() + nextDelay * 1000) : null,
  };
};

/**
 * The operator sends a failed delivery once more, now: it is pending again and due at once,
 * with the same id and body. Its attempt count goes on: should this attempt fail too, the
 * retry schedule resumes from there (after the last scheduled attempt, the failure is final).
 */
export const redeliverNow = (delivery: WebhookDelivery, now: Date): E.Either<DeliveryNotFailed, WebhookDelivery> =>
  delivery.status === 'failed'
    ? E.right({ ...delivery, status: 'pending', nextRetryAt: now })
    : E.left({ _tag: 'DeliveryNotFailed', deliveryId: delivery.id, status: delivery.status });
