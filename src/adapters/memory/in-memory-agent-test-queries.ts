import type { AgentTestQueries } from '../../application/queries/agent-test-queries.js';
import { testsOf } from './in-memory-agent-test-repositories.js';
import { newestFirst, pageOf, type InMemoryTables } from './in-memory-tables.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** The tests and runs read in turn with the store's units of work. */
export const inMemoryAgentTestQueries = (store: InMemoryUnitOfWork): AgentTestQueries => {
  const read = <A>(work: (t: InMemoryTables) => A): Promise<A> => store.readTables(work);
  return {
    listTests: (projectId, agentId, page) => read((t) => pageOf(testsOf(t, projectId, agentId), page)),
    listRuns: (projectId, agentId, page) =>
      read((t) => pageOf([...t.testRuns.values()].filter((run) => run.projectId === projectId && (agentId === null || run.agentId === agentId)).sort(newestFirst), page)),
  };
};
