import type { CallRow } from '../entities/call.js';
import { readStatement, type ReadStatement } from '../read-session.js';
import { revisionsOf } from '../revision-list.js';
import type { SqlRow } from '../sql-row.js';
import { CALL_COLUMNS, callRow, selectList } from './rows.js';

/** Which filters a call list sets: each is a condition of its own, so each plan uses the indexes it can. */
export type CallFilterSet = {
  readonly status: boolean;
  readonly reason: boolean;
  readonly unanswered: boolean;
  readonly direction: boolean;
  readonly type: boolean;
  readonly agent: boolean;
  readonly number: boolean;
  readonly search: boolean;
};

/** A call list's parameters: a filter not in the set is not read. `search` is an ILIKE pattern. */
export type CallPageParams = {
  readonly projectId: string;
  readonly status: string | null;
  /** The disconnection reason, for the failed calls a status filter names. */
  readonly reason: string | null;
  /** Only calls whose media has not connected yet. */
  readonly unanswered: boolean;
  readonly direction: string | null;
  readonly type: string | null;
  readonly agentId: string | null;
  readonly numberId: string | null;
  readonly search: string | null;
  readonly limit: number;
  readonly offset: number;
};

/** A row of a page: a call (none on an agent's row with no call on the page), the total, the recording setting and the version beside. */
export interface CallPageRow {
  readonly call: CallRow | null;
  readonly total: number;
  readonly recordingEnabled: boolean;
  readonly version: string;
}

export interface CallListStatements {
  /** The page's version alone. */
  readonly version: ReadStatement<CallPageParams, string>;
  /** The project's page with its version, total and recording setting beside each row. */
  readonly page: ReadStatement<CallPageParams, CallPageRow>;
  /** An agent's: its row left-joined to the page; no row, no agent. */
  readonly agentPage: ReadStatement<CallPageParams, CallPageRow>;
}

const conditionOf = (set: CallFilterSet): string =>
  [
    'project_id = :projectId',
    ...(set.status ? ['status = :status'] : []),
    ...(set.reason ? ['disconnection_reason = :reason'] : []),
    ...(set.unanswered ? ['media_connected_at is null'] : []),
    ...(set.direction ? ['direction = :direction'] : []),
    ...(set.type ? ['type = :type'] : []),
    ...(set.agent ? ['agent_id = :agentId'] : []),
    ...(set.number ? ['phone_number_id = :numberId'] : []),
    ...(set.search ? ['(from_number ilike :search or to_number ilike :search)'] : []),
  ].join(' and ');

const NEWEST_FIRST = 'order by started_at desc, id desc';

const pageRow = (r: SqlRow): CallPageRow => {
  const call = r.isNull('id') ? null : callRow(r);
  return { call, total: r.integer('__total'), recordingEnabled: call !== null && r.value('__recording') === true, version: r.text('__version') };
};

const statementsOf = (set: CallFilterSet, key: string): CallListStatements => {
  const condition = conditionOf(set);
  // The page's calls by id and the transaction that wrote each, after the total, whether the
  // agent is the project's (for an agent's calls) and the project's recording setting.
  const version = `select (select count(*) from calls where ${condition})
      || ';' || ${set.agent ? '(select count(*) from agents where id = :agentId and project_id = :projectId)' : `''`}
      || ';' || coalesce((select recording_enabled from projects where id = :projectId)::text, '')
      || ';' || ${revisionsOf('p')} as "version"
    from (select id, xmin from calls where ${condition} ${NEWEST_FIRST} limit :limit offset :offset) p`;
  const beside = `(${version}) as "__version",
         (select count(*) from calls where ${condition}) as "__total",
         (select recording_enabled from projects where id = :projectId) as "__recording"`;
  return {
    version: readStatement(`call_version_${key}`, version, 'reusable', (r) => r.text('version')),
    page: readStatement(
      `call_page_${key}`,
      `select ${beside}, ${selectList(CALL_COLUMNS)} from calls where ${condition} ${NEWEST_FIRST} limit :limit offset :offset`,
      'read',
      pageRow,
    ),
    // The subqueries beside take no column of the agent's row, so each runs once, not once per call.
    agentPage: readStatement(
      `call_agent_page_${key}`,
      `select ${beside}, ${selectList(CALL_COLUMNS, 'c')}
       from agents a left join (
         select ${selectList(CALL_COLUMNS)} from calls where ${condition} ${NEWEST_FIRST} limit :limit offset :offset) as c on true
       where a.id = :agentId and a.project_id = :projectId`,
      'read',
      pageRow,
    ),
  };
};

/** By filter set: at most one entry for each combination of filters, each declared on first use. */
const declared = new Map<string, CallListStatements>();

export const callListStatements = (set: CallFilterSet): CallListStatements => {
  const key = (['status', 'reason', 'unanswered', 'direction', 'type', 'agent', 'number', 'search'] as const).map((filter) => (set[filter] ? '1' : '0')).join('');
  let statements = declared.get(key);
  if (statements === undefined) declared.set(key, (statements = statementsOf(set, key)));
  return statements;
};
