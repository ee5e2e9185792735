import type { AgentRow } from '../entities/agent.js';
import type { PhoneNumberRow } from '../entities/phone-number.js';
import { readStatement } from '../read-session.js';
import { revisionsOf } from '../revision-list.js';
import { AGENT_COLUMNS, agentRow, joinedPhoneNumberRow, PHONE_NUMBER_COLUMNS, selectList } from './rows.js';

/** A page of a project's agents, oldest first. */
export type AgentPageParams = { readonly projectId: string; readonly limit: number; readonly offset: number };

/** The number columns are renamed with this prefix: both tables have an id, a project, a creation time. */
const NUMBER = 'n_';

/**
 * The version of a page (see ReadVersion): the total, then the same rows as the page, each
 * named by its revision (see revisionsOf) with each of its live numbers' beside it.
 */
const versionSql = `select (select count(*) from agents where project_id = :projectId) || ';' || ${revisionsOf('a', " || coalesce('+' || n.id || ':' || n.xmin, '')")} as "version"
  from (select id, xmin from agents where project_id = :projectId order by created_at, id limit :limit offset :offset) a
  left join lateral (select id, xmin from phone_numbers where agent_id = a.id and status = 'active') n on true`;

export const agentPageVersion = readStatement<AgentPageParams, string>('agent_page_version', versionSql, 'reusable', (r) => r.text('version'));

/** A row of a page: an agent with one of its live numbers (or none), the page's total and version beside. */
export interface AgentPageRow {
  readonly agent: AgentRow;
  readonly number: PhoneNumberRow | null;
  readonly total: number;
  readonly version: string;
}

/**
 * The page, each agent left-joined to its live numbers through the live-number index: a row per
 * agent and number, or one of nulls for an agent without any. A join rather than a JSON array
 * aggregated per agent: with generic plans, that subquery cost PostgreSQL more for a page. The
 * total is an uncorrelated subquery, run once through the index before the page (`count(*)
 * over ()` would hold every matching row at full width); the version is taken in the same
 * statement, so of the same rows.
 */
export const agentPage = readStatement<AgentPageParams, AgentPageRow>(
  'agent_page',
  `select (${versionSql}) as "__version", ${selectList(AGENT_COLUMNS, 'a')}, a."__total", ${selectList(PHONE_NUMBER_COLUMNS, 'n', NUMBER)}
     from (
       select ${selectList(AGENT_COLUMNS)}, (select count(*) from agents where project_id = :projectId) as "__total"
       from agents where project_id = :projectId order by created_at, id limit :limit offset :offset) a
     left join lateral (
       select ${selectList(PHONE_NUMBER_COLUMNS)} from phone_numbers where agent_id = a.id and status = 'active') n on true
     order by a.created_at, a.id, n.created_at, n.id`,
  'read',
  (r) => ({ agent: agentRow(r), number: joinedPhoneNumberRow(r, NUMBER), total: r.integer('__total'), version: r.text('__version') }),
);

/** One agent of a project. */
export type OneAgentParams = { readonly projectId: string; readonly agentId: string };

/** A row of one agent's read: the agent with one of its live numbers (or none). */
export type AgentNumberRow = Pick<AgentPageRow, 'agent' | 'number'>;

/**
 * One agent with its live numbers, a row per number (or one of nulls). Reusable: an agent read
 * again and again (by a dashboard or an MCP client) is answered again while nothing is written.
 */
export const oneAgent = readStatement<OneAgentParams, AgentNumberRow>(
  'one_agent',
  `select ${selectList(AGENT_COLUMNS, 'a')}, ${selectList(PHONE_NUMBER_COLUMNS, 'n', NUMBER)}
     from agents a
     left join lateral (
       select ${selectList(PHONE_NUMBER_COLUMNS)} from phone_numbers where agent_id = a.id and status = 'active') n on true
     where a.id = :agentId and a.project_id = :projectId
     order by n.created_at, n.id`,
  'reusable',
  (r) => ({ agent: agentRow(r), number: joinedPhoneNumberRow(r, NUMBER) }),
);
