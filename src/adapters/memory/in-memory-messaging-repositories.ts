import { DuplicateKey } from '../../application/ports/repositories.js';
import type {
  ConversationRepository,
  MessageCursor,
  MessageRepository,
  MessageSlice,
} from '../../application/ports/messaging-repositories.js';
import type { Conversation } from '../../domain/conversation.js';
import type { Message } from '../../domain/message.js';
import { pageOf, type InMemoryTables } from './in-memory-tables.js';

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byLastMessageDesc = (a: Conversation, b: Conversation): number =>
  b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || compareIds(b.id, a.id);

const byReceivedDesc = (a: Message, b: Message): number =>
  b.receivedAt.getTime() - a.receivedAt.getTime() || compareIds(b.id, a.id);

const sliceOf = (rows: readonly Message[], cursor: MessageCursor): MessageSlice => {
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

const threadOf = (t: InMemoryTables, phoneNumberId: string, participant: string): Conversation | null =>
  [...t.conversations.values()].find((c) => c.phoneNumberId === phoneNumberId && c.participant === participant) ?? null;

export const inMemoryConversations = (t: InMemoryTables): ConversationRepository => ({
  findById: async (projectId, id) => {
    const row = t.conversations.get(id);
    return row && row.projectId === projectId ? row : null;
  },
  findByIdInAnyProject: async (id) => t.conversations.get(id) ?? null,
  findByThread: async (phoneNumberId, participant) => threadOf(t, phoneNumberId, participant),
  findThreadAndLatest: async (phoneNumberId, participant) => ({
    conversation: threadOf(t, phoneNumberId, participant),
    latestReceivedAt: latestOf(t, phoneNumberId),
  }),
  list: async (projectId, query) =>
    pageOf(
      [...t.conversations.values()]
        .filter((c) => c.projectId === projectId && (query.agentId === null || c.agentId === query.agentId))
        .sort(byLastMessageDesc),
      query,
    ),
  save: async (conversation) => {
    const clash = [...t.conversations.values()].find(
      (c) =>
        c.id !== conversation.id &&
        c.phoneNumberId === conversation.phoneNumberId &&
        c.participant === conversation.participant,
    );
    if (clash) throw new DuplicateKey('conversations_thread_unique');
    t.conversations.set(conversation.id, conversation);
  },
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
  // Units of work already run one at a time.
  lockNumber: async () => {},
  latestReceivedAt: async (phoneNumberId) => latestOf(t, phoneNumberId),
  listByConversation: async (conversationId, cursor) =>
    sliceOf([...t.messages.values()].filter((m) => m.conversationId === conversationId), cursor),
  listByNumber: async (phoneNumberId, cursor) =>
    sliceOf([...t.messages.values()].filter((m) => m.phoneNumberId === phoneNumberId), cursor),
  save: async (message) => {
    for (const m of t.messages.values()) {
      if (m.id === message.id) continue;
      if (message.providerMessageId !== null && m.providerMessageId === message.providerMessageId) {
        throw new DuplicateKey('messages_provider_message_id_unique');
      }
      if (m.phoneNumberId === message.phoneNumberId && m.receivedAt.getTime() === message.receivedAt.getTime()) {
        throw new DuplicateKey('messages_number_received_unique');
      }
    }
    t.messages.set(message.id, message);
  },
});
