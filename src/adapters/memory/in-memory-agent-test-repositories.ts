import * as E from 'fp-ts/lib/Either.js';
import type { AgentTestRepository, TestRunRepository } from '../../application/ports/agent-test-repositories.js';
import type { AgentTestQueries } from '../../application/queries/agent-test-queries.js';
import type { AgentTest } from '../../domain/agent-test.js';
import { byCreation, newestFirst, pageOf, type InMemoryTables } from './in-memory-tables.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

const testsOf = (t: InMemoryTables, projectId: string, agentId: string): AgentTest[] =>
  [...t.agentTests.values()].filter((test) => test.projectId === projectId && test.agentId === agentId).sort(byCreation);

export const inMemoryAgentTests = (t: InMemoryTables): AgentTestRepository => ({
  findById: async (projectId, agentId, id) => {
    const found = t.agentTests.get(id);
    return found?.projectId === projectId && found.agentId === agentId ? found : null;
  },
  findMany: async (projectId, agentId, ids) => testsOf(t, projectId, agentId).filter((test) => ids.includes(test.id)),
  listAll: async (projectId, agentId) => testsOf(t, projectId, agentId),
  countForAgent: async (projectId, agentId) => testsOf(t, projectId, agentId).length,
  save: async (test) => void t.agentTests.set(test.id, test),
  delete: async (projectId, agentId, id) => {
    const found = t.agentTests.get(id);
    if (found?.projectId === projectId && found.agentId === agentId) t.agentTests.delete(id);
  },
});

export const inMemoryTestRuns = (t: InMemoryTables): TestRunRepository => ({
  findById: async (projectId, id) => {
    const found = t.testRuns.get(id);
    return found?.projectId === projectId ? found : null;
  },
  countActive: async (projectId) => [...t.testRuns.values()].filter((run) => run.projectId === projectId && (run.status === 'queued' || run.status === 'running')).length,
  save: async (run) => void t.testRuns.set(run.id, run),
});

/** The tests and runs read in turn with the store's units of work. */
export const inMemoryAgentTestQueries = (store: InMemoryUnitOfWork): AgentTestQueries => {
  const read = async <A>(work: (t: InMemoryTables) => A): Promise<A> => {
    const result = await store.read(async () => E.right(work(store.tables)));
    if (E.isLeft(result)) throw new Error('a read answered a Left');
    return result.right;
  };
  return {
    listTests: (projectId, agentId, page) => read((t) => pageOf(testsOf(t, projectId, agentId), page)),
    listRuns: (projectId, agentId, page) =>
      read((t) => pageOf([...t.testRuns.values()].filter((run) => run.projectId === projectId && (agentId === null || run.agentId === agentId)).sort(newestFirst), page)),
  };
};
