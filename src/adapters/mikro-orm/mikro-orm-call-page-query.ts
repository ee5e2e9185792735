import { FAILED_STATUS_REASONS, type CallStatusFilter } from '../../domain/call.js';
import type { CallListQuery } from '../../application/ports/call-repositories.js';
import type { ReadVersion } from '../../application/ports/read-version.js';
import type { CallListPage, CallPageQuery } from '../../application/queries/call-page-query.js';
import { toCall } from './mikro-orm-call-repositories.js';
import type { ReadSession } from './read-session.js';
import { callListStatements, type CallPageParams, type CallPageRow } from './read-statements/index.js';
import { containsPattern } from './storage-support.js';

/**
 * The stored status, disconnection reason and "not answered yet" a status filter names: busy and
 * no-answer are failed calls with that reason; ringing, a call in progress whose media has not
 * connected.
 */
const statusOf = (status: CallStatusFilter | null): Pick<CallPageParams, 'status' | 'reason' | 'unanswered'> => {
  switch (status) {
    case null:
      return { status: null, reason: null, unanswered: false };
    case 'ringing':
      return { status: 'in-progress', reason: null, unanswered: true };
    case 'busy':
    case 'no-answer':
      return { status: 'failed', reason: FAILED_STATUS_REASONS[status], unanswered: false };
    default:
      return { status, reason: null, unanswered: false };
  }
};

/** A call list's parameters; a filter left empty is not set. */
const paramsOf = (projectId: string, query: CallListQuery): CallPageParams => {
  const search = query.search?.trim();
  return {
    projectId,
    ...statusOf(query.status || null),
    direction: query.direction || null,
    type: query.type || null,
    agentId: query.agentId || null,
    numberId: query.numberId || null,
    search: search ? containsPattern(search) : null,
    limit: query.limit,
    offset: query.offset,
  };
};

const statementsOf = (params: CallPageParams) =>
  callListStatements({
    status: params.status !== null,
    reason: params.reason !== null,
    unanswered: params.unanswered,
    direction: params.direction !== null,
    type: params.type !== null,
    agent: params.agentId !== null,
    number: params.numberId !== null,
    search: params.search !== null,
  });

const pageOf = (rows: readonly CallPageRow[], first: CallPageRow): CallListPage => {
  const items = rows.flatMap((row) => (row.call === null ? [] : [toCall(row.call)]));
  return { items, total: first.total, recordingEnabled: items.length > 0 && first.recordingEnabled, version: first.version };
};

export class MikroOrmCallPageQuery implements CallPageQuery {
  constructor(private readonly reads: ReadSession) {}

  /**
   * The page with, beside each row, the total, the project's recording setting and the page's
   * version, in one statement. An empty page has no row to carry them: then, and only then, a
   * second statement takes the version, which starts with the total.
   */
  async page(projectId: string, query: CallListQuery): Promise<CallListPage> {
    const params = paramsOf(projectId, query);
    const rows = await this.reads.run(statementsOf(params).page, params);
    const [first] = rows;
    if (first === undefined) {
      const version = await this.version(projectId, query);
      return { items: [], total: Number.parseInt(version, 10), recordingEnabled: false, version };
    }
    return pageOf(rows, first);
  }

  /**
   * The agent's row left-joined to the page of its calls: no row, no agent; one row of nulls, no
   * call on the page. The total rides on the agent's row, so a page past the end still carries it.
   */
  async agentPage(projectId: string, query: CallListQuery & { readonly agentId: string }): Promise<CallListPage | null> {
    const params = paramsOf(projectId, query);
    const rows = await this.reads.run(statementsOf(params).agentPage, params);
    const [first] = rows;
    return first === undefined ? null : pageOf(rows, first);
  }

  async version(projectId: string, query: CallListQuery): Promise<ReadVersion> {
    const params = paramsOf(projectId, query);
    const [version] = await this.reads.run(statementsOf(params).version, params);
    return version!;
  }
}
