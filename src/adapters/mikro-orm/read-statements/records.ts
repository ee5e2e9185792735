import type { CallRow } from '../entities/call.js';
import type { ConversationRow } from '../entities/conversation.js';
import type { LedgerEntryRow } from '../entities/ledger-entry.js';
import type { MessageRow } from '../entities/message.js';
import type { WebhookRow } from '../entities/webhook.js';
import { readStatement, type ReadStatement } from '../read-session.js';
import { SqlRow } from '../sql-row.js';
import { pagedStatements } from './paged.js';
import {
  CALL_COLUMNS,
  callRow,
  CONVERSATION_COLUMNS,
  conversationRow,
  jsonRowOf,
  LEDGER_COLUMNS,
  ledgerEntryRow,
  MESSAGE_COLUMNS,
  messageRow,
  selectList,
  WEBHOOK_COLUMNS,
  webhookRow,
} from './rows.js';

/** A call by its id alone, whatever its project: the operator's look-up. */
export const callInAnyProject = readStatement<{ readonly callId: string }, CallRow>(
  'call_in_any_project',
  `select ${selectList(CALL_COLUMNS)} from calls where id = :callId`,
  'read',
  callRow,
);

/** A conversation with its newest messages, each message one JSON array of its columns. */
export interface ConversationDetailRow {
  readonly conversation: ConversationRow;
  readonly messages: readonly MessageRow[];
}

const messagesOf = (arrays: unknown[]): MessageRow[] => {
  const row = new SqlRow(MESSAGE_COLUMNS);
  return arrays.map((values) => messageRow(row.at(Array.isArray(values) ? values : [])));
};

/** The conversation's row where `where` holds, its `:limit` newest messages beside it in one correlated subquery. */
const conversationDetailSql = (where: string): string =>
  `select ${selectList(CONVERSATION_COLUMNS, 'c')},
     (select coalesce(json_agg(w.r order by w.received_at desc, w.id desc), '[]'::json) from (
        select ${jsonRowOf(MESSAGE_COLUMNS, 'm', ['received_at'])} as r, m.received_at, m.id from messages m
         where m.conversation_id = c.id order by m.received_at desc, m.id desc limit :limit) w) as "__messages"
   from conversations c where ${where}`;

const decodeDetail = (r: SqlRow): ConversationDetailRow => ({ conversation: conversationRow(r), messages: messagesOf(r.array('__messages')) });

export const projectConversationDetail = readStatement<{ readonly projectId: string; readonly conversationId: string; readonly limit: number }, ConversationDetailRow>(
  'conversation_detail',
  conversationDetailSql('c.id = :conversationId and c.project_id = :projectId'),
  'read',
  decodeDetail,
);

export const anyConversationDetail = readStatement<{ readonly conversationId: string; readonly limit: number }, ConversationDetailRow>(
  'conversation_detail_any',
  conversationDetailSql('c.id = :conversationId'),
  'read',
  decodeDetail,
);

/** A window of a number's messages, newest first: `limit` is one more than asked, to tell whether more are past it. */
export type NumberWindowParams = {
  readonly projectId: string;
  readonly numberId: string;
  readonly before: Date | null;
  readonly after: Date | null;
  readonly limit: number;
};

/** The number's row left-joined to its window: no row, no such number of the project; a row without a message, an empty window. */
const numberWindowOf = (before: boolean, after: boolean, key: string): ReadStatement<NumberWindowParams, MessageRow | null> =>
  readStatement(
    `number_messages_${key}`,
    `select ${selectList(MESSAGE_COLUMNS, 'm')} from phone_numbers n left join lateral (
       select ${selectList(MESSAGE_COLUMNS)} from messages where phone_number_id = n.id${before ? ' and received_at < :before' : ''}${
         after ? ' and received_at > :after' : ''
       } order by received_at desc, id desc limit :limit) as m on true
     where n.id = :numberId and n.project_id = :projectId`,
    'read',
    (r) => (r.isNull('id') ? null : messageRow(r)),
  );

const numberWindows = new Map<string, ReadStatement<NumberWindowParams, MessageRow | null>>();

/** By the window's bounds: four kinds at most, each declared on first use. */
export const numberWindow = (before: boolean, after: boolean): ReadStatement<NumberWindowParams, MessageRow | null> => {
  const key = `${before ? 'b' : ''}${after ? 'a' : ''}` || 'all';
  let statement = numberWindows.get(key);
  if (statement === undefined) numberWindows.set(key, (statement = numberWindowOf(before, after, key)));
  return statement;
};

/** A project's ledger, newest first. */
export const ledgerList = pagedStatements<{ readonly projectId: string }, LedgerEntryRow>(
  'ledger',
  { table: 'ledger_entries', columns: LEDGER_COLUMNS, where: 'project_id = :projectId', orderBy: 'created_at desc, id desc' },
  ledgerEntryRow,
);

/** For a page without rows: whether the project is there at all, and its entries' count. */
export const ledgerProject = readStatement<{ readonly projectId: string }, { readonly found: boolean; readonly total: number }>(
  'ledger_project',
  `select exists(select 1 from projects where id = :projectId) as "found",
     (select count(*) from ledger_entries where project_id = :projectId) as "total"`,
  'read',
  (r) => ({ found: r.boolean('found'), total: r.integer('total') }),
);

/** A project's webhooks: the default (no agent) first, then oldest first. */
export const projectWebhooks = readStatement<{ readonly projectId: string }, WebhookRow>(
  'project_webhooks',
  `select ${selectList(WEBHOOK_COLUMNS)} from webhooks where project_id = :projectId order by agent_id is not null, created_at, id`,
  'read',
  webhookRow,
);
