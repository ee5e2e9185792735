import type { UsageBreakdownRequest, UsageLine } from '../../application/queries/usage-query.js';
import { cents } from '../../domain/money.js';
import type { InMemoryTables } from './in-memory-tables.js';

type Counts = { calls: number; voiceMinutes: number; textsIn: number; textsOut: number; chargesCents: number };

const inWindow = (instant: Date, request: UsageBreakdownRequest): boolean =>
  instant.getTime() >= request.from.getTime() && instant.getTime() < request.to.getTime();

const byId = (a: { readonly id: string }, b: { readonly id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The breakdown over the in-memory tables: each line's key found for every call, text and charge in the window. */
export const usageBreakdown = (t: InMemoryTables, request: UsageBreakdownRequest): UsageLine[] => {
  const numbers = [...t.numbers.values()].filter((n) => n.projectId === request.projectId);
  const heads: Omit<UsageLine, keyof Counts>[] =
    request.by === 'number'
      ? numbers.map((n) => ({ id: n.id, label: n.phoneNumber, agentId: n.agentId }))
      : [...t.agents.values()].filter((a) => a.projectId === request.projectId).map((a) => ({ id: a.id, label: a.name, agentId: a.id }));
  const counts = new Map<string, Counts>(heads.map((h) => [h.id, { calls: 0, voiceMinutes: 0, textsIn: 0, textsOut: 0, chargesCents: 0 }]));
  const agentOfNumber = new Map(numbers.map((n) => [n.id, n.agentId]));
  const keyOf = (numberId: string | null, agentId: string | null) => (request.by === 'number' ? numberId : agentId);

  for (const call of t.calls.values()) {
    if (call.projectId !== request.projectId || !inWindow(call.startedAt, request)) continue;
    const line = counts.get(keyOf(call.phoneNumberId, call.agentId) ?? '');
    if (!line) continue;
    line.calls += 1;
    line.voiceMinutes += Math.ceil((call.durationSeconds ?? 0) / 60);
  }
  for (const message of t.messages.values()) {
    if (message.projectId !== request.projectId || !inWindow(message.receivedAt, request)) continue;
    const line = counts.get(keyOf(message.phoneNumberId, t.conversations.get(message.conversationId)?.agentId ?? null) ?? '');
    if (!line) continue;
    if (message.direction === 'inbound') line.textsIn += 1;
    else line.textsOut += 1;
  }
  for (const entry of t.ledger.values()) {
    if (entry.projectId !== request.projectId || entry.amountCents >= 0 || entry.resourceId === null || !inWindow(entry.createdAt, request)) continue;
    const line = counts.get(keyOf(entry.resourceId, agentOfNumber.get(entry.resourceId) ?? null) ?? '');
    if (line) line.chargesCents -= entry.amountCents;
  }
  return heads.sort(byId).map((head) => {
    const line = counts.get(head.id)!;
    return { ...head, ...line, chargesCents: cents(line.chargesCents) };
  });
};
