import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { AgentTestQueries } from '../../application/queries/agent-test-queries.js';
import type { AgentTest, TestRun } from '../../domain/agent-test.js';
import { RUN_COLUMNS, TEST_COLUMNS, toAgentTest, toTestRun } from './mikro-orm-agent-test-repositories.js';
import { readStatement, type ReadSession } from './read-session.js';
import type { SqlRow } from './sql-row.js';

/** A row as the repositories' mappers read it, with the page's total beside it. */
const rowOf = (columns: string) => {
  const names = columns.split(', ');
  return (r: SqlRow) => ({ row: Object.fromEntries(names.map((name) => [name, r.value(name)])), total: Number(r.value('total')) });
};

type Counted = { readonly row: Record<string, unknown>; readonly total: number };

const testsPage = readStatement<{ projectId: string; agentId: string; limit: number; offset: number }, Counted>(
  'agent_tests_page',
  `select ${TEST_COLUMNS}, count(*) over () as total from agent_tests
   where project_id = :projectId and agent_id = :agentId order by created_at, id limit :limit offset :offset`,
  'read',
  rowOf(TEST_COLUMNS),
);

const runsPage = readStatement<{ projectId: string; agentId: string | null; limit: number; offset: number }, Counted>(
  'test_runs_page',
  `select ${RUN_COLUMNS}, count(*) over () as total from test_runs
   where project_id = :projectId and (:agentId::text is null or agent_id = :agentId) order by created_at desc, id desc limit :limit offset :offset`,
  'read',
  rowOf(RUN_COLUMNS),
);

const countTests = readStatement<{ projectId: string; agentId: string }, number>(
  'agent_tests_count',
  'select count(*) as total from agent_tests where project_id = :projectId and agent_id = :agentId',
  'read',
  (r) => Number(r.value('total')),
);

const countRuns = readStatement<{ projectId: string; agentId: string | null }, number>(
  'test_runs_count',
  'select count(*) as total from test_runs where project_id = :projectId and (:agentId::text is null or agent_id = :agentId)',
  'read',
  (r) => Number(r.value('total')),
);

/** The tests and runs lists in PostgreSQL and PGlite, a page and its total in one statement. */
export class MikroOrmAgentTestQueries implements AgentTestQueries {
  constructor(private readonly reads: ReadSession) {}

  listTests(projectId: string, agentId: string, page: PageRequest): Promise<Page<AgentTest>> {
    return this.paged(this.reads.run(testsPage, { projectId, agentId, ...page }), () => this.reads.run(countTests, { projectId, agentId }), page, toAgentTest);
  }

  listRuns(projectId: string, agentId: string | null, page: PageRequest): Promise<Page<TestRun>> {
    return this.paged(this.reads.run(runsPage, { projectId, agentId, ...page }), () => this.reads.run(countRuns, { projectId, agentId }), page, toTestRun);
  }

  private async paged<T>(rows: Promise<Counted[]>, count: () => Promise<number[]>, page: PageRequest, to: (row: Record<string, unknown>) => T): Promise<Page<T>> {
    const found = await rows;
    // Past the end a page has no row to carry the total: it is counted apart.
    if (found.length === 0) return { items: [], total: page.offset > 0 ? ((await count())[0] ?? 0) : 0 };
    return { items: found.map((f) => to(f.row)), total: found[0]!.total };
  }
}
