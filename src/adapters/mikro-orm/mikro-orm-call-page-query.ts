import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { FAILED_STATUS_REASONS, type CallStatusFilter } from '../../domain/call.js';
import type { CallListQuery } from '../../application/ports/call-repositories.js';
import type { ReadVersion } from '../../application/ports/read-version.js';
import type { CallListPage, CallPageQuery } from '../../application/queries/call-page-query.js';
import { CallSchema, type CallRow } from './entities/call.js';
import { toCall } from './mikro-orm-call-repositories.js';
import type { MikroOrmReads } from './mikro-orm-reads.js';
import { runSelect } from './native-select.js';
import { revisionsOf } from './revision-list.js';
import { conditionOf, containsPattern, fromColumns, selectListOf } from './storage-support.js';

/** Plain selects, prepared. */
const READ = { prepare: true, effect: 'read' } as const;
/** A version: it may be given again while nothing is written (see SelectOptions). */
const VERSION = { prepare: true, effect: 'reusable' } as const;

/** The rows a status filter keeps (see CALL_STATUS_FILTERS): an unanswered call has no media yet. */
const statusFilter = (status: CallStatusFilter | null): Partial<Pick<CallRow, 'status' | 'disconnectionReason' | 'mediaConnectedAt'>> => {
  switch (status) {
    case null:
      return {};
    case 'ringing':
      return { status: 'in-progress', mediaConnectedAt: null };
    case 'busy':
    case 'no-answer':
      return { status: 'failed', disconnectionReason: FAILED_STATUS_REASONS[status] };
    default:
      return { status };
  }
};

/** The filters of a call list: page and agentPage read the same calls. */
const callFilter = (projectId: string, query: CallListQuery): FilterQuery<CallRow> => {
  const search = query.search?.trim() ? containsPattern(query.search.trim()) : null;
  return {
    projectId,
    ...statusFilter(query.status),
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.agentId ? { agentId: query.agentId } : {}),
    ...(search ? { $or: [{ fromNumber: { $ilike: search } }, { toNumber: { $ilike: search } }] } : {}),
  };
};

type Condition = NonNullable<ReturnType<typeof conditionOf>>;

/**
 * The statement of a page's version (see version), its value named "version": the page's
 * calls by id and the transaction that wrote each (`xmin`: any update writes a new row version),
 * after the total, whether the agent is the project's (for an agent's calls) and the project's
 * recording setting. Parameters: {@link versionParams}.
 */
const versionOfCalls = (condition: string, byAgent: boolean): string => `select (select count(*) from calls where ${condition})
      || ';' || ${byAgent ? '(select count(*) from agents where id = ? and project_id = ?)' : `''`}
      || ';' || coalesce((select recording_enabled from projects where id = ?)::text, '')
      || ';' || ${revisionsOf('p')} as "version"
    from (select id, xmin from calls where ${condition} order by started_at desc, id desc limit ? offset ?) p`;

const versionParams = (condition: Condition, projectId: string, query: CallListQuery): unknown[] => [
  ...condition.params,
  ...(query.agentId === null ? [] : [query.agentId, projectId]),
  projectId,
  ...condition.params,
  query.limit,
  query.offset,
];

/** The page statement's parameters: the version's, then the page's own over the same filters. */
const pageParams = (condition: Condition, projectId: string, query: CallListQuery): unknown[] => [
  ...versionParams(condition, projectId, query),
  ...condition.params,
  projectId,
  ...condition.params,
  query.limit,
  query.offset,
];

/** A call list's statements for one combination of filters. */
interface CallListStatements {
  /** The page's version alone. Parameters: {@link versionParams}. */
  readonly version: string;
  /** The project's page with its version, total and recording setting. Parameters: {@link pageParams}. */
  readonly page: string;
  /** An agent's: its row left-joined to the page (see agentPage). Parameters: the page's, then agent, project. */
  readonly agentPage: string;
}

/**
 * By the filters' condition (which filters a list sets, never their values): at most one entry
 * for each combination of them. Written once each, so each read sends the very same strings,
 * whose hash the lookups of a statement by its text keep, rather than a couple of kilobytes
 * written and hashed again for every request (see agentStatements).
 */
const callListStatements = new Map<string, CallListStatements>();

const callListStatementsOf = (em: EntityManager, condition: string, byAgent: boolean): CallListStatements => {
  const version = versionOfCalls(condition, byAgent);
  return {
    version,
    page: `select (${version}) as "__version", ${selectListOf(em, CallSchema)},
         (select count(*) from calls where ${condition}) as "__total",
         (select recording_enabled from projects where id = ?) as "__recording"
       from calls where ${condition} order by started_at desc, id desc limit ? offset ?`,
    agentPage: `select (${version}) as "__version", ${selectListOf(em, CallSchema, 'c')},
         (select count(*) from calls where ${condition}) as "__total",
         (select recording_enabled from projects where id = ?) as "__recording"
       from agents a left join (
         select ${selectListOf(em, CallSchema)} from calls where ${condition}
         order by started_at desc, id desc limit ? offset ?) as c on true
       where a.id = ? and a.project_id = ?`,
  };
};

/** The call list's reads on one EntityManager: the fork {@link MikroOrmCallPageQuery} reads on. */
class CallPagesOn {
  constructor(private readonly em: EntityManager) {}

  /**
   * The page with, beside each row, the total, the project's recording setting and the page's
   * version (uncorrelated subqueries, each run once), in one statement. An empty page has no
   * row to carry them: then, and only then, a second statement takes the version, which starts
   * with the total.
   */
  async page(projectId: string, query: CallListQuery): Promise<CallListPage> {
    const condition = this.conditionOf(projectId, query);
    const records = await runSelect(
      this.em,
      this.statementsOf(condition, query).page,
      pageParams(condition, projectId, query),
      READ,
    );
    const [first] = records;
    if (first === undefined) {
      const versioned = await this.version(projectId, query);
      return { items: [], total: Number.parseInt(versioned, 10), recordingEnabled: false, version: versioned };
    }
    const items = records.map((record) => toCall(fromColumns(this.em, CallSchema, record)));
    return { items, total: Number(first.__total), recordingEnabled: first.__recording === true, version: String(first.__version) };
  }

  /**
   * The agent's row left-joined to the page of its calls (found by the same filters as page): no
   * row, no agent; one row of nulls, no call on the page. The total is counted beside the page,
   * on the agent's row, so a page past the end still carries it and the read stays one statement.
   * The subqueries beside it take no column of the agent's row, so each runs once, not once per
   * call. Prepared: its text varies with which filters are set only.
   */
  async agentPage(projectId: string, query: CallListQuery & { readonly agentId: string }): Promise<CallListPage | null> {
    const condition = this.conditionOf(projectId, query);
    const records = await runSelect(
      this.em,
      this.statementsOf(condition, query).agentPage,
      [...pageParams(condition, projectId, query), query.agentId, projectId],
      READ,
    );
    const [first] = records;
    if (first === undefined) return null;
    const items = records.filter((record) => record.id !== null).map((record) => toCall(fromColumns(this.em, CallSchema, record)));
    return { items, total: Number(first.__total), recordingEnabled: items.length > 0 && first.__recording === true, version: String(first.__version) };
  }

  /**
   * The page's calls by id and the transaction that wrote each (`xmin`: any update writes a new
   * row version), the total, the project's recording setting and, for an agent's calls, whether
   * the agent is the project's: one statement over the same filters as {@link page}.
   */
  async version(projectId: string, query: CallListQuery): Promise<ReadVersion> {
    const condition = this.conditionOf(projectId, query);
    const [record] = await runSelect(this.em, this.statementsOf(condition, query).version, versionParams(condition, projectId, query), VERSION);
    return String(record!.version);
  }

  private statementsOf(condition: Condition, query: CallListQuery): CallListStatements {
    const byAgent = query.agentId !== null;
    const key = `${byAgent ? 'agent' : 'project'} ${condition.sql}`;
    let statements = callListStatements.get(key);
    if (!statements) {
      statements = callListStatementsOf(this.em, condition.sql, byAgent);
      callListStatements.set(key, statements);
    }
    return statements;
  }

  private conditionOf(projectId: string, query: CallListQuery): Condition {
    const condition = conditionOf(this.em, CallSchema, callFilter(projectId, query));
    if (condition === null) throw new Error('the call filters did not compile to native SQL');
    return condition;
  }
}

export class MikroOrmCallPageQuery implements CallPageQuery {
  constructor(private readonly reads: MikroOrmReads) {}

  page(projectId: string, query: CallListQuery): Promise<CallListPage> {
    return this.reads.readNatively((em) => new CallPagesOn(em).page(projectId, query));
  }

  agentPage(projectId: string, query: CallListQuery & { readonly agentId: string }): Promise<CallListPage | null> {
    return this.reads.readNatively((em) => new CallPagesOn(em).agentPage(projectId, query));
  }

  version(projectId: string, query: CallListQuery): Promise<ReadVersion> {
    return this.reads.readNatively((em) => new CallPagesOn(em).version(projectId, query));
  }
}
