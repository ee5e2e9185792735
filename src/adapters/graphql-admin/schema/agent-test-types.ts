import { countsOf } from '../../../domain/agent-test.js';
import { run } from '../errors.js';
import { connectionOf, connectionType, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';
import { pageArgs, pageRequest } from './paging.js';

/** An agent's scenario tests and the runs of them, with each scenario's verdict and why it failed. */
export const defineAgentTestTypes = (builder: AdminBuilder, deps: AdminSchemaDeps) => {
  const { agentTests } = deps.useCases;
  builder.objectType('AgentTest', {
    description: 'A scenario test kept with its agent (docs/testing.md).',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      scenario: t.field({ type: 'JSON', description: 'The scenario as given, without its agent.', resolve: (test) => test.scenario }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });
  builder.objectType('ExpectationResult', {
    fields: (t) => ({ kind: t.exposeString('kind'), passed: t.exposeBoolean('passed'), message: t.exposeString('message') }),
  });
  builder.objectType('TestResult', {
    description: "One scenario's outcome in a run.",
    fields: (t) => ({
      testId: t.exposeID('testId'),
      name: t.exposeString('name'),
      verdict: t.exposeString('verdict'),
      error: t.exposeString('error', { nullable: true }),
      expectations: t.field({ type: ['ExpectationResult'], resolve: (r) => [...r.expectations] }),
      transcript: t.exposeStringList('transcript'),
      durationMs: t.exposeInt('durationMs'),
    }),
  });
  builder.objectType('TestRun', {
    description: 'A run of some of an agent’s tests, played on the server away from the project’s data.',
    fields: (t) => ({
      id: t.exposeID('id'),
      status: t.exposeString('status'),
      seed: t.exposeInt('seed'),
      total: t.int({ resolve: (r) => countsOf(r).total }),
      passed: t.int({ resolve: (r) => countsOf(r).passed }),
      failed: t.int({ resolve: (r) => countsOf(r).failed }),
      errored: t.int({ resolve: (r) => countsOf(r).errored }),
      results: t.field({ type: ['TestResult'], resolve: (r) => [...r.results] }),
      cancelReason: t.exposeString('cancelReason', { nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
      completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    }),
  });
  connectionType(builder, 'AgentTestPage', 'AgentTest', 'Tests, oldest first.');
  connectionType(builder, 'TestRunPage', 'TestRun', 'Runs, newest first.');
  builder.objectField('Agent', 'tests', (t) =>
    t.field({
      type: 'AgentTestPage',
      args: pageArgs(t),
      resolve: async ({ agent }, args) => {
        const page = pageRequest(args);
        return connectionOf(await run(agentTests.listAgentTests.execute({ projectId: agent.projectId, agentId: agent.id, page })), page);
      },
    }),
  );
  builder.objectField('Agent', 'testRuns', (t) =>
    t.field({
      type: 'TestRunPage',
      args: pageArgs(t),
      resolve: async ({ agent }, args) => {
        const page = pageRequest(args);
        return connectionOf(await run(agentTests.listTestRuns.execute({ projectId: agent.projectId, agentId: agent.id, page })), page);
      },
    }),
  );
};
