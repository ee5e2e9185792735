import type { MessageRow } from '../entities/message.js';
import { readStatement, type ReadStatement } from '../read-session.js';
import { revisionsOf } from '../revision-list.js';
import type { SqlRow } from '../sql-row.js';
import { MESSAGE_COLUMNS, messageRow, selectList } from './rows.js';

/** A window of a thread's messages, newest first: `limit` is one more than asked, to tell whether more are past it. */
export type MessageWindowParams = {
  readonly projectId: string;
  readonly conversationId: string;
  readonly before: Date | null;
  readonly after: Date | null;
  readonly limit: number;
};

/** Which bounds a window has: each is a condition of its own. */
export type WindowBounds = { readonly before: boolean; readonly after: boolean };

/** A row of a window: a message (none on the thread's row without any), the window's version beside. */
export interface MessageWindowRow {
  readonly message: MessageRow | null;
  readonly version: string;
}

export interface WindowStatements {
  readonly version: ReadStatement<MessageWindowParams, string>;
  /** The conversation's row left-joined to its window: no row, no conversation. */
  readonly window: ReadStatement<MessageWindowParams, MessageWindowRow>;
}

const windowOf = (bounds: WindowBounds): string =>
  (bounds.before ? ' and received_at < :before' : '') + (bounds.after ? ' and received_at > :after' : '') + ' order by received_at desc, id desc limit :limit';

const windowRow = (r: SqlRow): MessageWindowRow => ({ message: r.isNull('id') ? null : messageRow(r), version: r.text('__version') });

const statementsOf = (bounds: WindowBounds, key: string): WindowStatements => {
  // Each message of the window by id and revision, after the count of the rows the join gives
  // (none without the conversation, at least one with it).
  const version = `select count(c.id) || ';' || ${revisionsOf('m')} as "version"
    from conversations c left join lateral (
      select id, xmin from messages where conversation_id = c.id${windowOf(bounds)}) as m on true
    where c.id = :conversationId and c.project_id = :projectId`;
  return {
    version: readStatement(`message_window_version_${key}`, version, 'reusable', (r) => r.text('version')),
    window: readStatement(
      `message_window_${key}`,
      `select (${version}) as "__version", ${selectList(MESSAGE_COLUMNS, 'm')} from conversations c left join lateral (
         select ${selectList(MESSAGE_COLUMNS)} from messages where conversation_id = c.id${windowOf(bounds)}) as m on true
       where c.id = :conversationId and c.project_id = :projectId`,
      'read',
      windowRow,
    ),
  };
};

/** By the window's bounds: four kinds at most, each declared on first use. */
const declared = new Map<string, WindowStatements>();

export const windowStatements = (bounds: WindowBounds): WindowStatements => {
  const key = `${bounds.before ? 'b' : ''}${bounds.after ? 'a' : ''}` || 'all';
  let statements = declared.get(key);
  if (statements === undefined) declared.set(key, (statements = statementsOf(bounds, key)));
  return statements;
};
