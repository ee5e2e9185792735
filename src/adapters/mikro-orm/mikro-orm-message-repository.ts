import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import type { MessageCursor, MessageRepository, MessageSlice } from '../../application/ports/messaging-repositories.js';
import { trustE164 } from '../../domain/e164.js';
import type { Message, MessageDirection, MessageStatus } from '../../domain/message.js';
import { MessageSchema, type MessageRow } from './entities/message.js';
import { findRow, upsertRow } from './storage-support.js';

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
    const [row] = await this.em.find(
      MessageSchema,
      { phoneNumberId },
      { fields: ['receivedAt'], orderBy: { receivedAt: 'desc' }, limit: 1, disableIdentityMap: true },
    );
    return row?.receivedAt ?? null;
  }

  listByConversation(conversationId: string, cursor: MessageCursor): Promise<MessageSlice> {
    return this.slice({ conversationId }, cursor);
  }

  listByNumber(phoneNumberId: string, cursor: MessageCursor): Promise<MessageSlice> {
    return this.slice({ phoneNumberId }, cursor);
  }

  save(message: Message): Promise<void> {
    return upsertRow(this.em, MessageSchema, toMessageRow(message));
  }

  /** One row more than the page says whether the window holds more. */
  private async slice(scope: FilterQuery<MessageRow>, cursor: MessageCursor): Promise<MessageSlice> {
    const receivedAt = {
      ...(cursor.before !== null ? { $lt: cursor.before } : {}),
      ...(cursor.after !== null ? { $gt: cursor.after } : {}),
    };
    const where = Object.keys(receivedAt).length > 0 ? { $and: [scope, { receivedAt }] } : scope;
    const rows = (await this.em.find(MessageSchema, where, {
      orderBy: { receivedAt: 'desc', id: 'desc' },
      limit: cursor.limit + 1,
      disableIdentityMap: true,
    })) as MessageRow[];
    return { items: rows.slice(0, cursor.limit).map(toMessage), hasMore: rows.length > cursor.limit };
  }
}
