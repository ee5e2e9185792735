import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageCursor, MessageRepository, MessageSlice } from '../../application/ports/messaging-repositories.js';
import { trustE164 } from '../../domain/e164.js';
import type { Message, MessageDirection, MessageStatus } from '../../domain/message.js';
import { MessageSchema, type MessageRow } from './entities/message.js';
import { dateOf, findRow, selectRows, upsertRowNative } from './storage-support.js';

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  projectId: row.projectId,
  conversationId: row.conversationId,
  phoneNumberId: row.phoneNumberId,
  direction: row.direction as MessageDirection,
  channel: 'sms',
  body: row.body,
  fromNumber: trustE164(row.fromNumber),
  toNumber: trustE164(row.toNumber),
  status: row.status as MessageStatus,
  mediaUrls: row.mediaUrls,
  providerMessageId: row.providerMessageId,
  errorCode: row.errorCode,
  receivedAt: row.receivedAt,
});

export const toMessageRow = (message: Message): MessageRow => ({
  id: message.id,
  projectId: message.projectId,
  conversationId: message.conversationId,
  phoneNumberId: message.phoneNumberId,
  direction: message.direction,
  channel: message.channel,
  body: message.body,
  fromNumber: message.fromNumber,
  toNumber: message.toNumber,
  status: message.status,
  mediaUrls: [...message.mediaUrls],
  providerMessageId: message.providerMessageId,
  errorCode: message.errorCode,
  receivedAt: message.receivedAt,
});

export class MikroOrmMessageRepository implements MessageRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<Message | null> {
    const row = await findRow(this.em, MessageSchema, { id, projectId });
    return row && toMessage(row);
  }

  async findByProviderMessageId(providerMessageId: string): Promise<Message | null> {
    const row = await findRow(this.em, MessageSchema, { providerMessageId });
    return row && toMessage(row);
  }

  /** A transaction-scoped advisory lock: no row to lock exists before a number's first message. */
  async lockNumber(phoneNumberId: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`messages:${phoneNumberId}`]);
  }

  async latestReceivedAt(phoneNumberId: string): Promise<Date | null> {
    const [row]: { latest: unknown }[] = await this.em.execute(
      'select max(received_at) as latest from messages where phone_number_id = ?',
      [phoneNumberId],
    );
    return dateOf(row?.latest);
  }

  listByConversation(conversationId: string, cursor: MessageCursor): Promise<MessageSlice> {
    return this.slice('conversation_id', conversationId, cursor);
  }

  listByNumber(phoneNumberId: string, cursor: MessageCursor): Promise<MessageSlice> {
    return this.slice('phone_number_id', phoneNumberId, cursor);
  }

  /** Native SQL: every inbound text stores one (see upsertRowNative). */
  save(message: Message): Promise<void> {
    return upsertRowNative(this.em, MessageSchema, toMessageRow(message));
  }

  /**
   * One row more than the page says whether the window holds more. Native SQL: the inbound
   * text's history is read on every text.
   */
  private async slice(
    scope: 'conversation_id' | 'phone_number_id',
    id: string,
    cursor: MessageCursor,
  ): Promise<MessageSlice> {
    const rows = await selectRows(
      this.em,
      MessageSchema,
      `select * from messages where ${scope} = ?` +
        (cursor.before !== null ? ' and received_at < ?' : '') +
        (cursor.after !== null ? ' and received_at > ?' : '') +
        ' order by received_at desc, id desc limit ?',
      [id, ...(cursor.before !== null ? [cursor.before] : []), ...(cursor.after !== null ? [cursor.after] : []), cursor.limit + 1],
    );
    return { items: rows.slice(0, cursor.limit).map(toMessage), hasMore: rows.length > cursor.limit };
  }
}
