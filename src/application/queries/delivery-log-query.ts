import type { DeliveryStatus, WebhookDelivery, WebhookEventType } from '../../domain/webhook-delivery.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** What a page of the delivery log asks: each filter null (or absent) for any. */
export interface DeliveryLogRequest extends PageRequest {
  /** Only deliveries created at or after this instant. */
  readonly since: Date | null;
  readonly agentId: string | null;
  readonly status?: DeliveryStatus | null;
  readonly eventType?: WebhookEventType | null;
}

/** A project's webhook deliveries, newest first: the log its customer and the operator look through. */
export interface DeliveryLogQuery {
  page(projectId: string, request: DeliveryLogRequest): Promise<Page<WebhookDelivery>>;
  /** The newest `limit` deliveries of one agent's events; null when the project has no such agent. */
  ofAgent(projectId: string, agentId: string, limit: number): Promise<readonly WebhookDelivery[] | null>;
}
