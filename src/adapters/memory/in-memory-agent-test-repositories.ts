import type { AgentTestRepository, TestRunRepository } from '../../application/ports/agent-test-repositories.js';
import type { AgentTest } from '../../domain/agent-test.js';
import { byCreation, type InMemoryTables } from './in-memory-tables.js';

export const testsOf = (t: InMemoryTables, projectId: string, agentId: string): AgentTest[] =>
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
  claimStale: async (createdBefore, limit) =>
    [...t.testRuns.values()]
      .filter((run) => (run.status === 'queued' || run.status === 'running') && run.createdAt < createdBefore)
      .sort(byCreation)
      .slice(0, limit),
});
