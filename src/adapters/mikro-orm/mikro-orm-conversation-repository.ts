import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConversationRepository, ThreadAndLatest, ThreadKey } from '../../application/ports/messaging-repositories.js';
import type { Conversation } from '../../domain/conversation.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import { ConversationSchema, type ConversationRow } from './entities/conversation.js';
import { ContactSchema } from './entities/contact.js';
import { MessageSchema } from './entities/message.js';
import { decodeColumn, FreeFormJson } from './json-columns.js';
import { toContact } from './mikro-orm-contact-repository.js';
import { toMessage } from './message-rows.js';
import { runSelect } from './native-select.js';
import { dateOf, findRow, fromColumns, updateRows, upsertRowsNative } from './storage-support.js';

/**
 * The one mapping of a stored row to the domain. Native reads (findRow/findPage/selectRows in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later is added to the schema and
 * here, nowhere else.
 */
export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  projectId: row.projectId,
  agentId: row.agentId,
  phoneNumberId: row.phoneNumberId,
  phoneNumber: trustE164(row.phoneNumber),
  participant: trustE164(row.participant),
  channel: 'sms',
  lastMessageAt: row.lastMessageAt,
  lastMessagePreview: row.lastMessagePreview,
  messageCount: row.messageCount,
  state: decodeColumn(FreeFormJson, row.state ?? null, 'conversations', 'state', row.id),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const toConversationRow = (conversation: Conversation): ConversationRow => ({
  id: conversation.id,
  projectId: conversation.projectId,
  agentId: conversation.agentId,
  phoneNumberId: conversation.phoneNumberId,
  phoneNumber: conversation.phoneNumber,
  participant: conversation.participant,
  channel: conversation.channel,
  lastMessageAt: conversation.lastMessageAt,
  lastMessagePreview: conversation.lastMessagePreview,
  messageCount: conversation.messageCount,
  state: conversation.state === null ? null : { ...conversation.state },
  createdAt: conversation.createdAt,
  updatedAt: conversation.updatedAt,
});

export class MikroOrmConversationRepository implements ConversationRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<Conversation | null> {
    const row = await findRow(this.em, ConversationSchema, { id, projectId });
    return row && toConversation(row);
  }

  async findByThread(phoneNumberId: string, participant: E164): Promise<Conversation | null> {
    const row = await findRow(this.em, ConversationSchema, { phoneNumberId, participant });
    return row && toConversation(row);
  }

  /**
   * One statement, so every read shares the snapshot taken after the caller's lockNumbers: per
   * key, in the order given, the thread (or none), the newest receivedAt of the number and the
   * thread's newest messages, and the participant's contact in the number's project (one probe of
   * contacts_project_phone_unique: a text's event names it). The lateral subquery's limit keeps each key one probe of
   * conversations_thread_unique (for a plain join the planner, which guesses 100 keys, may hash a
   * scan of the table instead); the max is one probe of messages_number_received_unique and the
   * messages one range of messages_conversation_received_index.
   */
  async findThreadsAndLatest(threads: readonly ThreadKey[], recent: number): Promise<readonly ThreadAndLatest[]> {
    if (threads.length === 0) return [];
    const records: Record<string, unknown>[] = await runSelect(
      this.em,
      `select (select max(received_at) from messages where phone_number_id = k.t->>0) as latest_received_at,
         (select to_jsonb(ct) from contacts as ct
          where ct.project_id = (select project_id from phone_numbers where id = k.t->>0) and ct.phone_number = k.t->>1
          limit 1) as contact,
         (select coalesce(jsonb_agg(to_jsonb(m) order by m.received_at desc, m.id desc), '[]'::jsonb)
          from (select * from messages where conversation_id = c.id order by received_at desc, id desc limit ?) as m) as recent,
         c.*
       from jsonb_array_elements(?::jsonb) with ordinality as k(t, ord)
       left join lateral (
         select * from conversations where phone_number_id = k.t->>0 and participant = k.t->>1 limit 1) as c on true
       order by k.ord`,
      [recent, JSON.stringify(threads.map((key) => [key.phoneNumberId, key.participant]))],
      { prepare: false, effect: 'read' },
    );
    return records.map((record) => ({
      conversation: record.id == null ? null : toConversation(fromColumns(this.em, ConversationSchema, record)),
      latestReceivedAt: dateOf(record.latest_received_at),
      recent: (record.recent as Record<string, unknown>[]).map((message) => toMessage(fromColumns(this.em, MessageSchema, message))),
      contact: record.contact == null ? null : toContact(fromColumns(this.em, ContactSchema, record.contact as Record<string, unknown>)),
    }));
  }

  save(conversation: Conversation): Promise<void> {
    return this.saveAll([conversation]);
  }

  /** Native SQL, one statement: every batch of texts updates its threads (see upsertRowsNative). */
  saveAll(conversations: readonly Conversation[]): Promise<void> {
    return upsertRowsNative(this.em, ConversationSchema, conversations.map(toConversationRow));
  }

  async detachAgent(agentId: string): Promise<void> {
    await updateRows(this.em, ConversationSchema, { agentId }, { agentId: null });
  }
}
