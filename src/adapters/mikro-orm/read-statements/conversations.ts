import type { ConversationRow } from '../entities/conversation.js';
import { readStatement } from '../read-session.js';
import { revisionsOf } from '../revision-list.js';
import type { SqlRow } from '../sql-row.js';
import { CONVERSATION_COLUMNS, conversationRow, selectList } from './rows.js';

/** A page of a project's threads, or of one agent's (`agentId`). */
export type ConversationPageParams = { readonly projectId: string; readonly agentId: string | null; readonly limit: number; readonly offset: number };

/** A row of a page: a thread (none on an agent's row with no thread on the page), the total and the version beside. */
export interface ConversationPageRow {
  readonly conversation: ConversationRow | null;
  readonly total: number;
  readonly version: string;
}

/** Newest lastMessageAt first, as conversations_project_last_message_index and its agent twin hold them. */
const NEWEST_FIRST = 'order by last_message_at desc, id desc';

const conditionOf = (agent: boolean): string => (agent ? 'project_id = :projectId and agent_id = :agentId' : 'project_id = :projectId');

/**
 * The version of a page: the total, for an agent's threads whether the agent is the project's,
 * then the page's threads by id and the transaction that wrote each.
 */
const versionSql = (agent: boolean): string => `select (select count(*) from conversations where ${conditionOf(agent)})
      || ';' || ${agent ? '(select count(*) from agents where id = :agentId and project_id = :projectId)' : `''`}
      || ';' || ${revisionsOf('p')} as "version"
    from (select id, xmin from conversations where ${conditionOf(agent)} ${NEWEST_FIRST} limit :limit offset :offset) p`;

const pageRow = (r: SqlRow): ConversationPageRow => ({
  conversation: r.isNull('id') ? null : conversationRow(r),
  total: r.integer('__total'),
  version: r.text('__version'),
});

export const projectConversationsVersion = readStatement<ConversationPageParams, string>('conversation_version', versionSql(false), 'reusable', (r) => r.text('version'));

export const agentConversationsVersion = readStatement<ConversationPageParams, string>('conversation_agent_version', versionSql(true), 'reusable', (r) => r.text('version'));

/** The project's page, with the total and the page's version beside each row (uncorrelated subqueries, each run once). */
export const projectConversationPage = readStatement<ConversationPageParams, ConversationPageRow>(
  'conversation_page',
  `select (${versionSql(false)}) as "__version", ${selectList(CONVERSATION_COLUMNS)},
       (select count(*) from conversations where ${conditionOf(false)}) as "__total"
     from conversations where ${conditionOf(false)} ${NEWEST_FIRST} limit :limit offset :offset`,
  'read',
  pageRow,
);

/**
 * The agent's row left-joined to the page of its threads: no row, no agent; one row of nulls, no
 * thread on the page. The total and the version ride on the agent's row, so a page past the end
 * still carries them.
 */
export const agentConversationPage = readStatement<ConversationPageParams, ConversationPageRow>(
  'conversation_agent_page',
  `select (${versionSql(true)}) as "__version", ${selectList(CONVERSATION_COLUMNS, 'c')},
       (select count(*) from conversations where ${conditionOf(true)}) as "__total"
     from agents a left join (
       select ${selectList(CONVERSATION_COLUMNS)} from conversations where ${conditionOf(true)} ${NEWEST_FIRST} limit :limit offset :offset) as c on true
     where a.id = :agentId and a.project_id = :projectId
     order by c.last_message_at desc, c.id desc`,
  'read',
  pageRow,
);
