import * as t from 'io-ts';
import { countsOf, TEST_RUN_STATUSES, TEST_VERDICTS, type AgentTest, type TestRun } from '../../../domain/agent-test.js';
import { isoDateTime, isoInstant, nullable, valuesIn, type Wire } from './schema.js';

export const AgentTestView = t.strict({
  id: t.string,
  agentId: t.string,
  name: t.string,
  /** The scenario as given, without its `agent`. */
  scenario: t.UnknownRecord,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}, 'AgentTest');

export const agentTestView = (test: AgentTest): Wire<typeof AgentTestView> => ({
  id: test.id,
  agentId: test.agentId,
  name: test.name,
  scenario: { ...test.scenario },
  createdAt: isoInstant(test.createdAt),
  updatedAt: isoInstant(test.updatedAt),
});

const ExpectationResultView = t.strict({ kind: t.string, passed: t.boolean, message: t.string }, 'ExpectationResult');

const TestResultView = t.strict({
  testId: t.string,
  name: t.string,
  verdict: valuesIn(TEST_VERDICTS),
  /** Why it errored; null otherwise. */
  error: nullable(t.string),
  expectations: t.array(ExpectationResultView),
  /** A line a turn: `caller: …`, `agent: …`. */
  transcript: t.array(t.string),
  durationMs: t.number,
}, 'TestResult');

export const TestRunView = t.strict({
  id: t.string,
  agentId: t.string,
  status: valuesIn(TEST_RUN_STATUSES),
  testIds: t.array(t.string),
  seed: t.number,
  counts: t.strict({ total: t.number, passed: t.number, failed: t.number, errored: t.number }),
  results: t.array(TestResultView),
  cancelReason: nullable(t.string),
  createdAt: isoDateTime,
  startedAt: nullable(isoDateTime),
  completedAt: nullable(isoDateTime),
}, 'TestRun');

export const testRunView = (run: TestRun): Wire<typeof TestRunView> => ({
  id: run.id,
  agentId: run.agentId,
  status: run.status,
  testIds: [...run.testIds],
  seed: run.seed,
  counts: countsOf(run),
  results: run.results.map((r) => ({ ...r, expectations: r.expectations.map((e) => ({ ...e })), transcript: [...r.transcript] })),
  cancelReason: run.cancelReason,
  createdAt: isoInstant(run.createdAt),
  startedAt: run.startedAt ? isoInstant(run.startedAt) : null,
  completedAt: run.completedAt ? isoInstant(run.completedAt) : null,
});
