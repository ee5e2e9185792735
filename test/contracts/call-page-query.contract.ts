import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import type { CallListQuery } from '../../src/application/ports/call-repositories.js';
import type { CallListPage } from '../../src/application/queries/call-page-query.js';
import { CALL_STATUS_FILTERS, completeCall, failCall, type Call, type CallStatusFilter } from '../../src/domain/call.js';
import { aCall, anAgent, aProject, at, newId } from '../support/builders.js';
import { unchangedBy, versionMismatches, versionSteps, type VersionStep } from './read-versions.js';
import { useStore, type OpenedStore } from './store-harness.js';

const query = (overrides: Partial<CallListQuery> = {}): CallListQuery => ({
  limit: 20,
  offset: 0,
  status: null,
  direction: null,
  type: null,
  search: null,
  agentId: null,
  numberId: null,
  ...overrides,
});

const byAgent = (agentId: string, overrides: Partial<CallListQuery> = {}) => ({ ...query(overrides), agentId });

/** The call log's read side (CallPageQuery), on every storage adapter, with the writes that change what it answers. */
export const callPageQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} call page query`, () => {
    const { inTx, queries, read } = useStore(open);

  describe("the status filter, AgentPhone's finer statuses among ours", () => {
    const ended = (result: E.Either<unknown, Call>): Call => {
      if (E.isLeft(result)) throw new Error('not ended');
      return result.right;
    };

    /** A project with one call of each kind, and an agent with the answered one, newest first as listed here. */
    const aProjectOfEveryKind = async () => {
      const project = aProject();
      const agent = anAgent({ projectId: project.id });
      const call = (s: number, agentId: string | null = null) => aCall({ projectId: project.id, agentId, startedAt: at(s) });
      const calls = {
        ringing: call(6),
        answered: call(5, agent.id),
        completed: ended(completeCall(call(4), { now: at(20), reason: 'caller_hangup' })),
        busy: ended(failCall(call(3), { now: at(20), reason: 'busy' })),
        noAnswer: ended(failCall(call(2), { now: at(20), reason: 'no_answer' })),
        error: ended(failCall(call(1), { now: at(20), reason: 'error' })),
      };
      await inTx(async (tx) => {
        await tx.projects.save(project);
        await tx.agents.save(agent);
        for (const each of Object.values(calls)) await tx.calls.save(each);
        await tx.calls.claimMedia(calls.answered.id, at(7));
      });
      return { project, agent, calls };
    };

    it('keeps, for each status, the calls that have it: ringing is in-progress unanswered, busy and no-answer failed for that reason', async () => {
      const { project, calls } = await aProjectOfEveryKind();
      const listed = async (status: CallStatusFilter) =>
        (await read(() => queries().calls.page(project.id, query({ status })))).items.map((c) => c.id);
      const expected: Record<CallStatusFilter, Call[]> = {
        'in-progress': [calls.ringing, calls.answered],
        completed: [calls.completed],
        failed: [calls.busy, calls.noAnswer, calls.error],
        ringing: [calls.ringing],
        busy: [calls.busy],
        'no-answer': [calls.noAnswer],
      };

      for (const status of CALL_STATUS_FILTERS) expect({ status, ids: await listed(status) }).toEqual({ status, ids: expected[status].map((c) => c.id) });
    });

    it("counts the filtered total, for an agent's list too, and a call answered leaves the ringing list and changes its version", async () => {
      const { project, agent, calls } = await aProjectOfEveryKind();
      const ringing = query({ status: 'ringing' });
      const before = await read(() => queries().calls.version(project.id, ringing));
      const agentRinging = await read(() => queries().calls.agentPage(project.id, byAgent(agent.id, { status: 'ringing' })));
      const agentLive = await read(() => queries().calls.agentPage(project.id, byAgent(agent.id, { status: 'in-progress' })));

      await inTx((tx) => tx.calls.claimMedia(calls.ringing.id, at(8)));
      const after = await read(() => queries().calls.page(project.id, ringing));

      expect([agentRinging?.total, agentLive?.items.map((c) => c.id)]).toEqual([0, [calls.answered.id]]);
      expect([after.items, after.total]).toEqual([[], 0]);
      expect(after.version).not.toBe(before);
    });
  });

  it("keeps a number's calls, and with it the version changes with a call on that number only", async () => {
    const project = aProject();
    const [onIt, onOther] = [1, 2].map((s) => aCall({ projectId: project.id, phoneNumberId: `num_${s}`, startedAt: at(s) })) as [Call, Call];
    await inTx(async (tx) => {
      await tx.projects.save(project);
      await tx.calls.save(onIt);
      await tx.calls.save(onOther);
    });
    const ofNumber = query({ numberId: 'num_1' });
    const before = await read(() => queries().calls.version(project.id, ofNumber));

    const listed = await read(() => queries().calls.page(project.id, ofNumber));
    await inTx((tx) => tx.calls.save(aCall({ projectId: project.id, phoneNumberId: 'num_2', startedAt: at(3) })));
    const unchanged = await read(() => queries().calls.version(project.id, ofNumber));
    await inTx((tx) => tx.calls.save(aCall({ projectId: project.id, phoneNumberId: 'num_1', startedAt: at(4) })));

    expect([listed.items.map((c) => c.id), listed.total]).toEqual([[onIt.id], 1]);
    expect(unchanged).toBe(before);
    expect(await read(() => queries().calls.version(project.id, ofNumber))).not.toBe(before);
    expect((await read(() => queries().calls.page(project.id, query({ numberId: 'num_9' })))).items).toEqual([]);
  });

  describe('the version of a page (version, and page and agentPage read with their own)', () => {
    /** What the version of `asked` versions: the project's list, or with an agentId the agent's. */
    const readOf = (projectId: string, asked: CallListQuery) =>
      asked.agentId === null ? queries().calls.page(projectId, asked) : queries().calls.agentPage(projectId, { ...asked, agentId: asked.agentId });

    /**
     * A project (recording off) with an agent and three of its calls, newest first `third`,
     * `second` (the page of two asked for) and `first`, past it. A step is the version of
     * `asked` and its read, `before` any write or `after` one.
     */
    const aListedProject = async () => {
      const project = aProject({ recordingEnabled: false });
      const agent = anAgent({ projectId: project.id });
      const [first, second, third] = [1, 2, 3].map((s) => aCall({ projectId: project.id, agentId: agent.id, startedAt: at(s) })) as [Call, Call, Call];
      await inTx(async (tx) => {
        await tx.projects.save(project);
        await tx.agents.save(agent);
        for (const call of [second, first, third]) await tx.calls.save(call);
      });
      const version = (asked: CallListQuery = query({ limit: 2 })) => read(() => queries().calls.version(project.id, asked));
      const observe = (what: string, asked: CallListQuery = query({ limit: 2 })): Promise<VersionStep<CallListPage>> =>
        read(async () => ({ what, version: await queries().calls.version(project.id, asked), read: await readOf(project.id, asked) }));
      return { project, agent, first, second, third, version, ...versionSteps(observe, inTx) };
    };

    it('is the same for reads with nothing written between (and twice over), and the page is read with it, for the project and for an agent', async () => {
      const { project, agent, version } = await aListedProject();
      const ofProject = query({ limit: 2 });
      const ofAgent = byAgent(agent.id, { limit: 2 });

      const before = [await version(ofProject), await version(ofAgent)];
      const again = [
        await version(ofProject),
        await version(ofAgent),
        await read(() => queries().calls.version(project.id, ofProject)),
        await read(() => queries().calls.version(project.id, ofAgent)),
        (await read(() => readOf(project.id, ofProject)))?.version,
        (await read(() => readOf(project.id, ofAgent)))?.version,
        (await read(() => readOf(project.id, ofProject)))?.version,
        (await read(() => readOf(project.id, ofAgent)))?.version,
      ];

      expect(before.every((version) => typeof version === 'string')).toBe(true);
      expect(again).toEqual([...before, ...before, ...before, ...before]);
    });

    it('changes when a listed call is saved, even unchanged, or ends', async () => {
      const { second, third, before, after } = await aListedProject();
      const ended = completeCall(second, { now: at(30), reason: 'caller_hangup', lastWords: 'Bye' });
      if (E.isLeft(ended)) throw new Error('not completed');

      const steps = [
        await before(),
        await after('third saved unchanged', (tx) => tx.calls.save({ ...third })),
        await after('second ended', (tx) => tx.calls.save(ended.right)),
        await after('third given a snippet', (tx) => tx.calls.save({ ...third, lastTranscriptSnippet: 'still talking' })),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
    });

    it('changes with the page and the total: a newer call, or one past the page', async () => {
      const { project, agent, before, after } = await aListedProject();

      const steps = [
        await before(),
        await after('a newer call', (tx) => tx.calls.save(aCall({ projectId: project.id, agentId: agent.id, startedAt: at(4) }))),
        await after('an older call, past the page', (tx) => tx.calls.save(aCall({ projectId: project.id, startedAt: at(0) }))),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
    });

    it("changes with the project's recording setting, for the project's list and an agent's, and comes back only with the answer it had", async () => {
      const { project, agent, before, after } = await aListedProject();
      const ofAgent = byAgent(agent.id, { limit: 2 });

      const steps = [
        await before(),
        await after('recording turned on', (tx) => tx.projects.save({ ...project, recordingEnabled: true, updatedAt: at(9) })),
        await after('recording turned off again', (tx) => tx.projects.save({ ...project, recordingEnabled: false, updatedAt: at(10) })),
      ];
      const agentSteps = [
        await before(ofAgent),
        await after('recording turned on', (tx) => tx.projects.save({ ...project, recordingEnabled: true, updatedAt: at(11) }), ofAgent),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(unchangedBy(agentSteps)).toEqual([]);
      expect(versionMismatches([...steps, ...agentSteps])).toEqual([]);
      expect(steps.map((step) => step.read?.recordingEnabled)).toEqual([false, true, false]);
    });

    it("changes when an agent's listed call is saved or a call of the agent is added", async () => {
      const { project, agent, third, before, after } = await aListedProject();
      const ofAgent = byAgent(agent.id, { limit: 2 });

      const steps = [
        await before(ofAgent),
        await after('third saved unchanged', (tx) => tx.calls.save({ ...third }), ofAgent),
        await after('an older call of the agent, past the page', (tx) => tx.calls.save(aCall({ projectId: project.id, agentId: agent.id, startedAt: at(0) })), ofAgent),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
    });

    it('with an agentId, tells an agent the project lacks from one it has without calls, both ways', async () => {
      const project = aProject();
      const agent = anAgent({ projectId: project.id });
      const foreign = anAgent();
      await inTx(async (tx) => {
        await tx.projects.save(project);
        await tx.agents.save(foreign);
        await tx.calls.save(aCall({ projectId: project.id, agentId: null }));
      });
      const observe = (what: string, agentId = agent.id): Promise<VersionStep> =>
        read(async () => ({
          what,
          version: await queries().calls.version(project.id, byAgent(agentId)),
          read: await queries().calls.agentPage(project.id, byAgent(agentId)),
        }));

      const steps = [await observe('before')];
      await inTx((tx) => tx.agents.save(agent));
      steps.push(await observe('the agent saved'));
      await inTx((tx) => tx.agents.delete(project.id, agent.id));
      steps.push(await observe('the agent deleted'));
      const ofForeign = await observe("another project's agent", foreign.id);

      expect(steps.map((step) => step.read)).toEqual([null, { items: [], total: 0, recordingEnabled: false, version: steps[1]!.version }, null]);
      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches([...steps, ofForeign])).toEqual([]);
    });

    it('stays the same when what is written is not on the page: other projects, other agents, a call past it, a call the filter leaves out', async () => {
      const { project, agent, first, version } = await aListedProject();
      const asked = [query({ limit: 2 }), byAgent(agent.id, { limit: 2 }), query({ limit: 2, status: 'failed' })];
      const before = await Promise.all(asked.map(version));

      await inTx(async (tx) => {
        await tx.calls.save(aCall({ startedAt: at(5) }));
        await tx.projects.save(aProject({ recordingEnabled: true }));
        await tx.calls.save({ ...first, lastTranscriptSnippet: 'past the page' });
      });
      const unchanged = await Promise.all(asked.map(version));
      // Seen by the agent's list and the list of failed calls only as what they leave out.
      await inTx((tx) => tx.calls.save(aCall({ projectId: project.id, agentId: newId('agt'), startedAt: at(6) })));

      expect(unchanged).toEqual(before);
      expect(await version(asked[1])).toBe(before[1]);
      expect(await version(asked[2])).toBe(before[2]);
    });
  });
  });
};
