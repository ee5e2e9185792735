import { DuplicateKey } from '../../application/ports/repositories.js';
import type {
  ConversationRepository,
  MessageCursor,
  MessageRepository,
  MessageSlice,
} from '../../application/ports/messaging-repositories.js';
import type { Conversation } from '../../domain/conversation.js';
import type { Message } from '../../domain/message.js';
import type { InMemoryTables } from './in-memory-tables.js';

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byReceivedDesc = (a: Message, b: Message): number =>
  b.receivedAt.getTime() - a.receivedAt.getTime() || compareIds(b.id, a.id);

export const sliceOf = (rows: readonly Message[], cursor: MessageCursor): MessageSlice => {
  const window = rows
    .filter(
      (m) =>
        (cursor.before === null || m.receivedAt.getTime() < cursor.before.getTime()) &&
        (cursor.after === null || m.receivedAt.getTime() > cursor.after.getTime()),
    )
    .sort(byReceivedDesc);
  return { items: window.slice(0, cursor.limit), hasMore: window.length > cursor.limit };
};

const latestOf = (t: InMemoryTables, phoneNumberId: string): Date | null => {
  let latest: Date | null = null;
  for (const m of t.messages.values()) {
    if (m.phoneNumberId === phoneNumberId && (latest === null || m.receivedAt > latest)) latest = m.receivedAt;
  }
  return latest;
};

/** The thread's `limit` newest messages, newest first (none without a thread). */
const recentOf = (t: InMemoryTables, conversation: Conversation | null, limit: number): readonly Message[] =>
  conversation === null || limit <= 0
    ? []
    : sliceOf(
        [...t.messages.values()].filter((m) => m.conversationId === conversation.id),
        { limit, before: null, after: null },
      ).items;

const threadOf = (t: InMemoryTables, phoneNumberId: string, participant: string): Conversation | null =>
  [...t.conversations.values()].find((c) => c.phoneNumberId === phoneNumberId && c.participant === participant) ?? null;

/**
 * Writes `batch` (distinct ids, each a new row or a new version of a stored one) when the rows
 * the table would then hold have distinct `uniqueKeys` (null: no key), else throws DuplicateKey
 * named by `constraints` and writes none. `save` is a batch of one.
 */
const upsertAll = <T extends { readonly id: string }>(
  table: Map<string, T>,
  batch: readonly T[],
  uniqueKeys: readonly ((row: T) => string | null)[],
  constraints: readonly string[],
): void => {
  const replaced = new Set(batch.map((row) => row.id));
  const kept = [...table.values()].filter((row) => !replaced.has(row.id));
  uniqueKeys.forEach((keyOf, i) => {
    const taken = new Set<string>();
    for (const row of kept) {
      const key = keyOf(row);
      if (key !== null) taken.add(key);
    }
    for (const row of batch) {
      const key = keyOf(row);
      if (key === null) continue;
      if (taken.has(key)) throw new DuplicateKey(constraints[i]!);
      taken.add(key);
    }
  });
  for (const row of batch) table.set(row.id, row);
};

const saveConversations = (t: InMemoryTables, batch: readonly Conversation[]): void =>
  upsertAll(t.conversations, batch, [(c) => JSON.stringify([c.phoneNumberId, c.participant])], ['conversations_thread_unique']);

const saveMessages = (t: InMemoryTables, batch: readonly Message[]): void =>
  upsertAll(
    t.messages,
    batch,
    [(m) => m.providerMessageId, (m) => JSON.stringify([m.phoneNumberId, m.receivedAt.getTime()])],
    ['messages_provider_message_id_unique', 'messages_number_received_unique'],
  );

export const inMemoryConversations = (t: InMemoryTables): ConversationRepository => ({
  findById: async (projectId, id) => {
    const row = t.conversations.get(id);
    return row && row.projectId === projectId ? row : null;
  },
  findByThread: async (phoneNumberId, participant) => threadOf(t, phoneNumberId, participant),
  findThreadsAndLatest: async (threads, recent) =>
    threads.map(({ phoneNumberId, participant }) => {
      const conversation = threadOf(t, phoneNumberId, participant);
      const projectId = t.numbers.get(phoneNumberId)?.projectId;
      const contact = [...t.contacts.values()].find((c) => c.projectId === projectId && c.phoneNumber === participant) ?? null;
      return { conversation, latestReceivedAt: latestOf(t, phoneNumberId), recent: recentOf(t, conversation, recent), contact };
    }),
  save: async (conversation) => saveConversations(t, [conversation]),
  saveAll: async (conversations) => saveConversations(t, conversations),
  detachAgent: async (agentId) => {
    for (const c of t.conversations.values()) {
      if (c.agentId === agentId) t.conversations.set(c.id, { ...c, agentId: null });
    }
  },
});

export const inMemoryMessages = (t: InMemoryTables): MessageRepository => ({
  findById: async (projectId, id) => {
    const row = t.messages.get(id);
    return row && row.projectId === projectId ? row : null;
  },
  findByProviderMessageId: async (providerMessageId) =>
    [...t.messages.values()].find((m) => m.providerMessageId === providerMessageId) ?? null,
  findByProviderMessageIds: async (providerMessageIds) => {
    const wanted = new Set(providerMessageIds);
    return [...t.messages.values()].filter((m) => m.providerMessageId !== null && wanted.has(m.providerMessageId));
  },
  // Units of work already run one at a time.
  lockNumbers: async () => {},
  latestReceivedAt: async (phoneNumberId) => latestOf(t, phoneNumberId),
  listByConversation: async (conversationId, cursor) =>
    sliceOf([...t.messages.values()].filter((m) => m.conversationId === conversationId), cursor),
  save: async (message) => saveMessages(t, [message]),
  saveAll: async (messages) => saveMessages(t, messages),
  saveWithThreads: async (conversations, messages) => {
    // All or none: the threads are put back if the messages are refused.
    const before = conversations.map((c) => [c.id, t.conversations.get(c.id)] as const);
    saveConversations(t, conversations);
    try {
      saveMessages(t, messages);
    } catch (error) {
      for (const [id, row] of before) {
        if (row) t.conversations.set(id, row);
        else t.conversations.delete(id);
      }
      throw error;
    }
  },
});
