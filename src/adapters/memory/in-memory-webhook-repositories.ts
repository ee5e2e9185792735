import { DuplicateKey } from '../../application/ports/repositories.js';
import type {
  DeliveryCount,
  DeliveryRepository,
  DeliveryTotals,
  EndpointOwner,
  WebhookRepository,
} from '../../application/ports/webhook-repositories.js';
import { chooseEndpoint, type Webhook } from '../../domain/webhook.js';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';
import type { InMemoryTables } from './in-memory-tables.js';

const HOUR_MS = 3_600_000;

/**
 * The owner's own webhook, else its project's default, else null: what findEndpoints answers
 * for one owner (and the endpoint of a live number, for its project and agent).
 */
export const endpointOf = (t: InMemoryTables, { projectId, agentId }: EndpointOwner): Webhook | null => {
  const mine = [...t.webhooks.values()].filter((w) => w.projectId === projectId);
  return chooseEndpoint(
    (agentId !== null && mine.find((w) => w.agentId === agentId)) || null,
    mine.find((w) => w.agentId === null) ?? null,
  );
};

export const inMemoryWebhooks = (t: InMemoryTables): WebhookRepository => ({
  findForAgent: async (projectId, agentId) =>
    [...t.webhooks.values()].find((w) => w.projectId === projectId && w.agentId === agentId) ?? null,
  findDefault: async (projectId) =>
    [...t.webhooks.values()].find((w) => w.projectId === projectId && w.agentId === null) ?? null,
  findEndpoints: async (owners) => owners.map((owner) => endpointOf(t, owner)),
  findByIds: async (ids) => ids.flatMap((id) => t.webhooks.get(id) ?? []),
  save: async (webhook) => {
    const clash = [...t.webhooks.values()].find(
      (w) => w.id !== webhook.id && w.projectId === webhook.projectId && w.agentId === webhook.agentId,
    );
    if (clash) throw new DuplicateKey('webhooks_project_agent_unique');
    t.webhooks.set(webhook.id, webhook);
  },
  delete: async (projectId, id) => {
    if (t.webhooks.get(id)?.projectId === projectId) t.webhooks.delete(id);
  },
});

const byDue = (a: WebhookDelivery, b: WebhookDelivery): number =>
  (a.nextRetryAt?.getTime() ?? 0) - (b.nextRetryAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const totalsOf = (rows: readonly WebhookDelivery[]): DeliveryTotals => ({
  total: rows.length,
  success: rows.filter((d) => d.status === 'success').length,
  failed: rows.filter((d) => d.status === 'failed').length,
  pending: rows.filter((d) => d.status === 'pending').length,
});

export const inMemoryDeliveries = (t: InMemoryTables): DeliveryRepository => ({
  enqueue: async (deliveries, heldUntil = null) => {
    for (const delivery of deliveries) {
      t.deliveries.set(delivery.id, delivery);
      if (heldUntil) t.deliveryLeases.set(delivery.id, heldUntil);
    }
  },
  findById: async (projectId, id) => {
    const row = t.deliveries.get(id);
    return row && row.projectId === projectId ? row : null;
  },
  claimDue: async (now, limit, leaseMs) => {
    const due = [...t.deliveries.values()]
      .filter(
        (d) =>
          d.status === 'pending' &&
          d.nextRetryAt !== null &&
          d.nextRetryAt.getTime() <= now.getTime() &&
          (t.deliveryLeases.get(d.id)?.getTime() ?? 0) <= now.getTime(),
      )
      .sort(byDue)
      .slice(0, limit);
    const until = new Date(now.getTime() + leaseMs);
    for (const d of due) t.deliveryLeases.set(d.id, until);
    return due;
  },
  recordAttempts: async (attempts) => {
    const keys = attempts.map(({ attempt }) => `${attempt.deliveryId}:${attempt.attempt}`);
    if (keys.some((key, i) => t.deliveryAttempts.has(key) || keys.indexOf(key) !== i)) {
      throw new DuplicateKey('webhook_delivery_attempts_pkey');
    }
    for (const { delivery, attempt } of attempts) {
      t.deliveries.set(delivery.id, delivery);
      t.deliveryLeases.delete(delivery.id);
      t.deliveryAttempts.set(`${attempt.deliveryId}:${attempt.attempt}`, attempt);
    }
  },
  reschedule: async (delivery) => {
    const stored = t.deliveries.get(delivery.id);
    if (!stored) return;
    t.deliveries.set(delivery.id, { ...stored, status: delivery.status, nextRetryAt: delivery.nextRetryAt });
    t.deliveryLeases.delete(delivery.id);
  },
  listAttempts: async (deliveryId) =>
    [...t.deliveryAttempts.values()].filter((a) => a.deliveryId === deliveryId).sort((a, b) => a.attempt - b.attempt),
  stats: async (projectId, since) => {
    const counts = new Map<string, DeliveryCount>();
    for (const d of t.deliveries.values()) {
      if (d.projectId !== projectId || d.createdAt.getTime() < since.getTime()) continue;
      const hour = new Date(Math.floor(d.createdAt.getTime() / HOUR_MS) * HOUR_MS);
      const key = `${hour.toISOString()}|${d.eventType}|${d.status}`;
      const count = counts.get(key);
      counts.set(key, { hour, eventType: d.eventType, status: d.status, count: (count?.count ?? 0) + 1 });
    }
    return [...counts.values()].sort((a, b) => a.hour.getTime() - b.hour.getTime());
  },
  allTime: async (projectId) => totalsOf([...t.deliveries.values()].filter((d) => d.projectId === projectId)),
});
