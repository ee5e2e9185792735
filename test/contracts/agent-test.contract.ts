import { describe, expect, it } from 'vitest';
import { completeRun, startRun, withResult, type TestResult } from '../../src/domain/agent-test.js';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../src/adapters/system/fixed-clock.js';
import { TestRunSweeper } from '../../src/application/testing/test-run-sweeper.js';
import { anAgent, anAgentTest, aTestRun, at } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const aResult = (testId: string): TestResult => ({
  testId,
  name: 'Greets the caller',
  verdict: 'failed',
  error: null,
  expectations: [{ kind: 'said', passed: false, message: 'expected the agent to say "welcome", but it said nothing' }],
  transcript: ['caller: Hello'],
  durationMs: 12,
});

/** Agents' scenario tests and the runs of them, on every storage adapter. */
export const agentTestContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} agent tests`, () => {
    const { inTx, queries, read, store } = useStore(open);

    const anAgentStored = async () => {
      const agent = anAgent();
      await inTx((tx) => tx.agents.save(agent));
      return agent;
    };

    it('keeps a test with its scenario document, and reads it back by agent', async () => {
      const agent = await anAgentStored();
      const test = anAgentTest(agent, { scenario: { name: 'x', caller: { script: [{ press: '1#' }] }, expect: [{ digitsSent: '1' }], tools: { book: { answer: { ok: true } } } } });
      await inTx((tx) => tx.agentTests.save(test));
      expect(await inTx((r) => r.agentTests.findById(agent.projectId, agent.id, test.id))).toEqual(test);
      expect(await inTx((r) => r.agentTests.findById(agent.projectId, 'agt_other', test.id))).toBeNull();
      expect(await inTx((r) => r.agentTests.countForAgent(agent.projectId, agent.id))).toBe(1);
    });

    it('lists an agent’s tests oldest first, paged with their total, and finds chosen ones', async () => {
      const agent = await anAgentStored();
      const tests = [2, 0, 1].map((s) => anAgentTest(agent, { name: `t${s}`, createdAt: at(s) }));
      await inTx(async (tx) => {
        for (const test of tests) await tx.agentTests.save(test);
      });
      const page = await read(() => queries().agentTests.listTests(agent.projectId, agent.id, { limit: 2, offset: 0 }));
      expect(page.items.map((t) => t.name)).toEqual(['t0', 't1']);
      expect(page.total).toBe(3);
      const past = await read(() => queries().agentTests.listTests(agent.projectId, agent.id, { limit: 2, offset: 5 }));
      expect(past).toEqual({ items: [], total: 3 });
      const chosen = await inTx((r) => r.agentTests.findMany(agent.projectId, agent.id, [tests[0]!.id, 'test_missing']));
      expect(chosen.map((t) => t.id)).toEqual([tests[0]!.id]);
      expect((await inTx((r) => r.agentTests.listAll(agent.projectId, agent.id))).map((t) => t.name)).toEqual(['t0', 't1', 't2']);
    });

    it('replaces a test on save and forgets it on delete', async () => {
      const agent = await anAgentStored();
      const test = anAgentTest(agent);
      await inTx((tx) => tx.agentTests.save(test));
      const renamed = { ...test, name: 'Renamed', scenario: { ...test.scenario, name: 'Renamed' }, updatedAt: at(5) };
      await inTx((tx) => tx.agentTests.save(renamed));
      expect(await inTx((r) => r.agentTests.findById(agent.projectId, agent.id, test.id))).toEqual(renamed);
      await inTx((tx) => tx.agentTests.delete(agent.projectId, agent.id, test.id));
      expect(await inTx((r) => r.agentTests.findById(agent.projectId, agent.id, test.id))).toBeNull();
    });

    it('drops an agent’s tests with the agent, keeping its runs’ records', async () => {
      const agent = await anAgentStored();
      const test = anAgentTest(agent);
      const run = aTestRun(agent, { testIds: [test.id] });
      await inTx(async (tx) => {
        await tx.agentTests.save(test);
        await tx.testRuns.save(run);
      });
      await inTx((tx) => tx.agents.delete(agent.projectId, agent.id));
      expect(await inTx((r) => r.agentTests.countForAgent(agent.projectId, agent.id))).toBe(0);
      expect(await inTx((r) => r.testRuns.findById(agent.projectId, run.id))).toEqual(run);
    });

    it('keeps a run through its life, results in order, and counts the active ones', async () => {
      const agent = await anAgentStored();
      const queued = aTestRun(agent, { testIds: ['test_a', 'test_b'] });
      await inTx((tx) => tx.testRuns.save(queued));
      expect(await inTx((r) => r.testRuns.countActive(agent.projectId))).toBe(1);
      const running = withResult(withResult(startRun(queued, at(1))!, aResult('test_a'))!, { ...aResult('test_b'), verdict: 'passed', expectations: [] })!;
      await inTx((tx) => tx.testRuns.save(running));
      expect(await inTx((r) => r.testRuns.findById(agent.projectId, queued.id))).toEqual(running);
      const done = completeRun(running, at(2))!;
      await inTx((tx) => tx.testRuns.save(done));
      expect(await inTx((r) => r.testRuns.findById(agent.projectId, queued.id))).toEqual(done);
      expect(await inTx((r) => r.testRuns.countActive(agent.projectId))).toBe(0);
      expect(await inTx((r) => r.testRuns.findById('prj_other', queued.id))).toBeNull();
    });

    it('lists runs newest first, of the project or of one agent', async () => {
      const agent = await anAgentStored();
      const other = anAgent({ projectId: agent.projectId });
      await inTx((tx) => tx.agents.save(other));
      const runs = [aTestRun(agent, { createdAt: at(1) }), aTestRun(other, { createdAt: at(2) }), aTestRun(agent, { createdAt: at(3) })];
      await inTx(async (tx) => {
        for (const run of runs) await tx.testRuns.save(run);
      });
      const all = await read(() => queries().agentTests.listRuns(agent.projectId, null, { limit: 10, offset: 0 }));
      expect(all.items.map((r) => r.id)).toEqual([runs[2]!.id, runs[1]!.id, runs[0]!.id]);
      const mine = await read(() => queries().agentTests.listRuns(agent.projectId, agent.id, { limit: 1, offset: 0 }));
      expect(mine).toEqual({ items: [runs[2]], total: 2 });
    });

    it('claims the runs left unfinished before a time, oldest first, and the sweep cancels them saying why', async () => {
      const agent = await anAgentStored();
      const oldQueued = aTestRun(agent, { createdAt: at(-1000) });
      const oldRunning = startRun(aTestRun(agent, { createdAt: at(-999) }), at(-990))!;
      const oldDone = completeRun(startRun(aTestRun(agent, { createdAt: at(-998) }), at(-990))!, at(-980))!;
      const recent = aTestRun(agent, { createdAt: at(-10) });
      await inTx(async (tx) => {
        for (const run of [recent, oldDone, oldRunning, oldQueued]) await tx.testRuns.save(run);
      });
      const mine = new Set([oldQueued.id, oldRunning.id, oldDone.id, recent.id]);
      const claimed = await inTx((r) => r.testRuns.claimStale(at(-500), 100));
      expect(claimed.filter((run) => mine.has(run.id))).toEqual([oldQueued, oldRunning]);

      const clock = new FixedClock(at(-400));
      const sweeper = new TestRunSweeper({ uow: store().uow, clock, logger: silentLogger(), soleNode: false });
      await sweeper.sweep(at(-500), 'the node stopped answering');
      const after = await inTx((r) => Promise.all([oldQueued, oldRunning, oldDone, recent].map((run) => r.testRuns.findById(agent.projectId, run.id))));
      expect(after.map((run) => [run?.status, run?.cancelReason])).toEqual([
        ['cancelled', 'the node stopped answering'],
        ['cancelled', 'the node stopped answering'],
        ['completed', null],
        ['queued', null],
      ]);
      expect(after[0]?.completedAt).toEqual(at(-400));
      expect((await inTx((r) => r.testRuns.claimStale(at(-500), 100))).filter((run) => mine.has(run.id))).toEqual([]);
    });
  });
};
