import type { IdempotencyKeyRepository, OutboundTextQueue, PendingText } from '../../application/ports/outbound-text-repositories.js';
import { DuplicateKey } from '../../application/ports/repositories.js';
import type { InMemoryTables } from './in-memory-tables.js';

const oldestFirst = (a: PendingText, b: PendingText): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0);

export const inMemoryOutboundTexts = (t: InMemoryTables): OutboundTextQueue => ({
  enqueue: async (text, heldUntil) => {
    t.outboundTexts.set(text.messageId, { ...text, attempts: 1 });
    t.outboundTextLeases.set(text.messageId, heldUntil);
  },
  // Units of work run one at a time here: nothing to skip, a claim holds what it takes.
  claimDue: async (now, limit, leaseMs) => {
    const due = [...t.outboundTexts.values()]
      .filter((text) => (t.outboundTextLeases.get(text.messageId)?.getTime() ?? 0) <= now.getTime())
      .sort(oldestFirst)
      .slice(0, limit);
    const until = new Date(now.getTime() + leaseMs);
    for (const text of due) {
      t.outboundTexts.set(text.messageId, { ...text, attempts: text.attempts + 1 });
      t.outboundTextLeases.set(text.messageId, until);
    }
    return due;
  },
  complete: async (messageId) => {
    t.outboundTexts.delete(messageId);
    t.outboundTextLeases.delete(messageId);
  },
  listPending: async (limit) => [...t.outboundTexts.values()].sort(oldestFirst).slice(0, limit),
});

const keyOf = (projectId: string, key: string) => `${projectId}:${key}`;

export const inMemoryIdempotencyKeys = (t: InMemoryTables): IdempotencyKeyRepository => ({
  find: async (projectId, key) => t.idempotencyKeys.get(keyOf(projectId, key)) ?? null,
  insert: async (key) => {
    if (t.idempotencyKeys.has(keyOf(key.projectId, key.key))) throw new DuplicateKey('idempotency_keys_pkey');
    t.idempotencyKeys.set(keyOf(key.projectId, key.key), key);
  },
  recordAnswer: async (projectId, messageId, answer) => {
    for (const [id, key] of t.idempotencyKeys) {
      if (key.projectId === projectId && key.messageId === messageId) t.idempotencyKeys.set(id, { ...key, answer });
    }
  },
  deleteCreatedBefore: async (before, limit) => {
    const old = [...t.idempotencyKeys.entries()].filter(([, key]) => key.createdAt.getTime() < before.getTime()).slice(0, limit);
    for (const [id] of old) t.idempotencyKeys.delete(id);
    return old.length;
  },
});
