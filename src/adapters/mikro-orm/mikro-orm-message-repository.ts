import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageCursor, MessageRepository, MessageSlice } from '../../application/ports/messaging-repositories.js';
import type { Conversation } from '../../domain/conversation.js';
import type { Message } from '../../domain/message.js';
import type { SessionModel } from './session-model.js';
import { MessageSchema } from './entities/message.js';
import { toMessage, toMessageRow } from './message-rows.js';
import { dateOf, findRow, selectRows, upsertRowsNative, writeRowsTogether, type RowsWrite } from './storage-support.js';
import { beginNow, runSelect } from './native-select.js';
import { ConversationSchema } from './entities/conversation.js';
import { toConversationRow } from './mikro-orm-conversation-repository.js';

/** The bounds and order of a conversation's window of messages, with the one past it (which says whether there are more). */
export const windowOf = (cursor: MessageCursor): string =>
  (cursor.before !== null ? ' and received_at < ?' : '') +
  (cursor.after !== null ? ' and received_at > ?' : '') +
  ' order by received_at desc, id desc limit ?';

export const windowParams = (cursor: MessageCursor): unknown[] => [
  ...(cursor.before !== null ? [cursor.before] : []),
  ...(cursor.after !== null ? [cursor.after] : []),
  cursor.limit + 1,
];

export class MikroOrmMessageRepository implements MessageRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionModel,
  ) {}

  async findById(projectId: string, id: string): Promise<Message | null> {
    const row = await findRow(this.em, MessageSchema, { id, projectId });
    return row && toMessage(row);
  }

  async findByProviderMessageId(providerMessageId: string): Promise<Message | null> {
    const [message] = await this.findByProviderMessageIds([providerMessageId]);
    return message ?? null;
  }

  /**
   * Native SQL: every batch of inbound texts looks for carrier retries. `= any(array(...))`
   * rather than `in (select ...)`: an index condition on the unique index whatever the planner
   * guesses of the list's length, where a semi-join may hash a scan of the whole table.
   */
  async findByProviderMessageIds(providerMessageIds: readonly string[]): Promise<readonly Message[]> {
    if (providerMessageIds.length === 0) return [];
    const rows = await selectRows(
      this.em,
      MessageSchema,
      'select * from messages where provider_message_id = any(array(select jsonb_array_elements_text(?::jsonb)))',
      [JSON.stringify(providerMessageIds)],
    );
    return rows.map(toMessage);
  }

  /**
   * Transaction-scoped advisory locks (no row to lock exists before a number's first message),
   * keyed `hashtext('messages:' || id)` as every other taker of a number's lock. One statement
   * takes them in ascending order of the key itself (not of the text: two ids may share a key),
   * each key once. The sort sits in a subquery that is never flattened (DISTINCT, and OFFSET 0
   * to be explicit), so the outer scan calls the lock function on its rows in the sorted order.
   * On a single session no statement is needed: the transaction, begun now, holds its one
   * connection, so nobody else's unit of work runs until it ends.
   */
  async lockNumbers(phoneNumberIds: readonly string[]): Promise<void> {
    if (phoneNumberIds.length === 0) return;
    if (this.sessions.single) return beginNow(this.em);
    await runSelect(
      this.em,
      `select pg_advisory_xact_lock(s.k) from (
         select distinct hashtext('messages:' || t.id) as k from jsonb_array_elements_text(?::jsonb) as t(id)
         order by k offset 0) as s`,
      [JSON.stringify(phoneNumberIds)],
      { prepare: false },
    );
  }

  async latestReceivedAt(phoneNumberId: string): Promise<Date | null> {
    const [row]: { latest: unknown }[] = await runSelect(
      this.em,
      'select max(received_at) as latest from messages where phone_number_id = ?',
      [phoneNumberId],
      { prepare: false, effect: 'read' },
    );
    return dateOf(row?.latest);
  }

  listByConversation(conversationId: string, cursor: MessageCursor): Promise<MessageSlice> {
    return this.slice(conversationId, cursor);
  }

  save(message: Message): Promise<void> {
    return this.saveAll([message]);
  }

  /** Native SQL, one statement: every batch of inbound texts stores its messages (see upsertRowsNative). */
  saveAll(messages: readonly Message[]): Promise<void> {
    return upsertRowsNative(this.em, MessageSchema, messages.map(toMessageRow));
  }

  /** One statement: the threads' upsert in a WITH, then the messages (see writeRowsTogether). */
  saveWithThreads(conversations: readonly Conversation[], messages: readonly Message[]): Promise<void> {
    return writeRowsTogether(this.em, [
      { schema: ConversationSchema, rows: conversations.map(toConversationRow), upsert: true },
      { schema: MessageSchema, rows: messages.map(toMessageRow), upsert: true },
    ] as RowsWrite<object>[]);
  }

  /**
   * One row more than the page says whether the window holds more. Native SQL: the inbound
   * text's history is read on every text.
   */
  private async slice(
    conversationId: string,
    cursor: MessageCursor,
  ): Promise<MessageSlice> {
    const rows = await selectRows(
      this.em,
      MessageSchema,
      `select * from messages where conversation_id = ?${windowOf(cursor)}`,
      [conversationId, ...windowParams(cursor)],
    );
    return { items: rows.slice(0, cursor.limit).map(toMessage), hasMore: rows.length > cursor.limit };
  }
}
