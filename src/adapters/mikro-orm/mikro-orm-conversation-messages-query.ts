import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageCursor, MessageSlice } from '../../application/ports/messaging-repositories.js';
import type { ReadVersion, Versioned } from '../../application/ports/read-version.js';
import type { ConversationMessagesQuery } from '../../application/queries/conversation-messages-query.js';
import { MessageSchema } from './entities/message.js';
import { toMessage } from './message-rows.js';
import { windowOf, windowParams } from './mikro-orm-message-repository.js';
import type { MikroOrmReads } from './mikro-orm-reads.js';
import { runSelect } from './native-select.js';
import { revisionsOf } from './revision-list.js';
import { fromColumns, selectListOf } from './storage-support.js';

/**
 * The statement of a window's version, its value named "version": each message of the window by
 * id and the transaction that wrote it (`xmin`: any update writes a new row version), after the
 * count of the rows the join gives (none without the conversation, at least one with it).
 * Parameters: {@link versionParams}.
 */
const versionOfWindow = (cursor: MessageCursor): string => `select count(c.id) || ';' || ${revisionsOf('m')} as "version"
    from conversations c left join lateral (
      select id, xmin from messages where conversation_id = c.id${windowOf(cursor)}) as m on true
    where c.id = ? and c.project_id = ?`;

const versionParams = (projectId: string, conversationId: string, cursor: MessageCursor): unknown[] => [...windowParams(cursor), conversationId, projectId];

/** A conversation's window statements for one kind of cursor. */
interface WindowStatements {
  /** The window's version alone. Parameters: {@link versionParams}. */
  readonly version: string;
  /** The conversation's row left-joined to its window, the version beside. Parameters: the version's twice. */
  readonly page: string;
}

/**
 * By the cursor's bounds (before, after: four kinds at most), each written once: each read then
 * sends the very same strings, whose hash the lookups of a statement by its text keep, rather
 * than a kilobyte written and hashed again for every request.
 */
const windowStatements: (WindowStatements | undefined)[] = [];

const windowKindOf = (cursor: MessageCursor): number => (cursor.before !== null ? 1 : 0) + (cursor.after !== null ? 2 : 0);

const windowStatementsOf = (em: EntityManager, cursor: MessageCursor): WindowStatements => {
  const version = versionOfWindow(cursor);
  return {
    version,
    page: `select (${version}) as "__version", m.* from conversations c left join lateral (
         select ${selectListOf(em, MessageSchema)} from messages where conversation_id = c.id${windowOf(cursor)}) as m on true
       where c.id = ? and c.project_id = ?`,
  };
};

/** A conversation's message windows read on one EntityManager: the fork {@link MikroOrmConversationMessagesQuery} reads on. */
class MessageWindowsOn {
  constructor(private readonly em: EntityManager) {}

  /**
   * The conversation's row, left-joined to its window of messages: no row, no conversation; one
   * row of nulls, no message. The window's version rides beside each row (an uncorrelated
   * subquery, run once), so it is of the same rows. Prepared (its text varies with the cursor's
   * bounds only).
   */
  async window(projectId: string, conversationId: string, cursor: MessageCursor): Promise<(MessageSlice & Versioned) | null> {
    const params = versionParams(projectId, conversationId, cursor);
    const records = await runSelect(this.em, this.windowStatements(cursor).page, [...params, ...params], { prepare: true, effect: 'read' });
    const [first] = records;
    if (first === undefined) return null;
    const rows = records.filter((record) => record.id !== null).map((record) => fromColumns(this.em, MessageSchema, record));
    return { items: rows.slice(0, cursor.limit).map(toMessage), hasMore: rows.length > cursor.limit, version: String(first.__version) };
  }

  /** The window (with the message past it) by id and revision; see versionOfWindow. */
  async version(projectId: string, conversationId: string, cursor: MessageCursor): Promise<ReadVersion> {
    const [record] = await runSelect(this.em, this.windowStatements(cursor).version, versionParams(projectId, conversationId, cursor), {
      prepare: true,
      effect: 'reusable',
    });
    return String(record!.version);
  }

  private windowStatements(cursor: MessageCursor): WindowStatements {
    const kind = windowKindOf(cursor);
    return (windowStatements[kind] ??= windowStatementsOf(this.em, cursor));
  }
}

export class MikroOrmConversationMessagesQuery implements ConversationMessagesQuery {
  constructor(private readonly reads: MikroOrmReads) {}

  window(projectId: string, conversationId: string, cursor: MessageCursor): Promise<(MessageSlice & Versioned) | null> {
    return this.reads.readNatively((em) => new MessageWindowsOn(em).window(projectId, conversationId, cursor));
  }

  version(projectId: string, conversationId: string, cursor: MessageCursor): Promise<ReadVersion> {
    return this.reads.readNatively((em) => new MessageWindowsOn(em).version(projectId, conversationId, cursor));
  }
}
