import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { DuplicateKey, type Repositories } from '../../src/application/ports/repositories.js';
import type { CallListQuery } from '../../src/application/ports/call-repositories.js';
import { attachRecording, completeCall, truncateTurn, type Call } from '../../src/domain/call.js';
import { completeAnalysis, queueAnalysis, type AnalysisResult } from '../../src/domain/call-analysis.js';
import { aCall, anAgent, aProject, aTurn, at, newId } from '../support/builders.js';
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

/** A page of one agent's calls, with the list's default filters. */
const byAgent = (agentId: string, overrides: Partial<CallListQuery> = {}) => ({ ...query(overrides), agentId });

const RESULT: AnalysisResult = { summary: 'Booked.', userSentiment: 'positive', callSuccessful: true, extracted: { day: 'Monday', slots: [1, 2] } };

/** The behaviour every CallRepository and TranscriptRepository adapter must show. */
export const callRepositoryContract = (name: string, open: () => Promise<OpenedStore>) => {
  describe(`${name} call repositories`, () => {
    const { inTx, queries, read } = useStore(open);

    it('stores a call and reads it back by id, by the carrier id, and only within its project', async () => {
      const sut = aCall({ metadata: { source: 'web', n: 1 } });
      await inTx((tx) => tx.calls.save(sut));

      expect(await inTx((tx) => tx.calls.findById(sut.projectId, sut.id))).toEqual(sut);
      expect(await inTx((tx) => tx.calls.findByIdInAnyProject(sut.id))).toEqual(sut);
      expect(await inTx((tx) => tx.calls.lockByIdInAnyProject(sut.id))).toEqual(sut);
      expect(await inTx((tx) => tx.calls.lockByIdInAnyProject(newId('call')))).toBeNull();
      expect(await inTx((tx) => tx.calls.findByProviderCallId(sut.providerCallId!))).toEqual(sut);
      expect(await inTx((tx) => tx.calls.findById(newId('prj'), sut.id))).toBeNull();
    });

    it('keeps the recording disclosure a call said, through a save, the call query and the call log', async () => {
      const project = aProject({ recordingEnabled: true });
      const disclosed = aCall({ projectId: project.id, startedAt: at(2), recordingDisclosure: 'This call is recorded.', greeting: 'This call is recorded. Hi.' });
      const silent = aCall({ projectId: project.id, startedAt: at(1) });
      await inTx(async (tx) => {
        await tx.projects.save(project);
        for (const call of [disclosed, silent]) await tx.calls.save(call);
      });

      expect(await inTx((tx) => tx.calls.findById(project.id, disclosed.id))).toMatchObject({ recordingDisclosure: 'This call is recorded.' });
      expect((await queries().call.withDetails(project.id, disclosed.id))?.call).toEqual(disclosed);
      expect((await queries().calls.page(project.id, query())).items.map((c) => c.recordingDisclosure)).toEqual(['This call is recorded.', null]);
    });

    it('overwrites a call on save: its end and its recording', async () => {
      const call = aCall();
      await inTx((tx) => tx.calls.save(call));
      const ended = completeCall(call, { now: at(42), reason: 'caller_hangup', lastWords: 'Bye' });
      if (E.isLeft(ended)) throw new Error('not completed');
      const recorded = attachRecording(ended.right, 'https://api.twilio.com/rec/RE1');
      await inTx((tx) => tx.calls.save(recorded));

      const found = await inTx((tx) => tx.calls.findById(call.projectId, call.id));
      expect(found).toEqual(recorded);
      expect(found).toMatchObject({ status: 'completed', durationSeconds: 42, recordingAvailable: true, lastTranscriptSnippet: 'Bye' });
    });

    it('lists a project’s calls newest first, filtered by status, direction, type, agent and a search on the numbers', async () => {
      const projectId = newId('prj');
      const agentId = newId('agt');
      const first = aCall({ projectId, agentId, startedAt: at(1), fromNumber: '+12125550101' });
      const second = aCall({ projectId, startedAt: at(2), direction: 'outbound', toNumber: '+13125550177' });
      const web = aCall({ projectId, agentId, startedAt: at(3), type: 'web', status: 'failed', fromNumber: 'client:x', toNumber: 'web' });
      await inTx(async (tx) => {
        for (const call of [first, second, web, aCall()]) await tx.calls.save(call);
      });

      const all = await read(() => queries().calls.page(projectId, query()));
      expect(all.items.map((c) => c.id)).toEqual([web.id, second.id, first.id]);
      expect(all.total).toBe(3);
      const ids = async (q: Partial<CallListQuery>) => (await read(() => queries().calls.page(projectId, query(q)))).items.map((c) => c.id);
      expect(await ids({ status: 'failed' })).toEqual([web.id]);
      expect(await ids({ direction: 'outbound' })).toEqual([second.id]);
      expect(await ids({ type: 'pstn' })).toEqual([second.id, first.id]);
      expect(await ids({ agentId })).toEqual([web.id, first.id]);
      expect(await ids({ search: '555017' })).toEqual([second.id]);
      expect(await ids({ search: 'CLIENT' })).toEqual([web.id]);
      const page = await read(() => queries().calls.page(projectId, query({ limit: 1, offset: 1 })));
      expect(page.items.map((c) => c.id)).toEqual([second.id]);
      expect(page.total).toBe(3);
    });

    it('lists with the project’s recording setting, read with the page (false on a page without calls)', async () => {
      const on = aProject({ recordingEnabled: true });
      const off = aProject({ recordingEnabled: false });
      await inTx(async (tx) => {
        for (const project of [on, off]) {
          await tx.projects.save(project);
          await tx.calls.save(aCall({ projectId: project.id }));
        }
      });
      const listed = async () =>
        [
          await queries().calls.page(on.id, query()),
          await queries().calls.page(off.id, query()),
          await queries().calls.page(on.id, query({ offset: 5 })),
          await queries().calls.page(on.id, query({ status: 'failed' })),
        ].map((listed) => [listed.items.length, listed.total, listed.recordingEnabled]);
      const expected = [
        [1, 1, true],
        [1, 1, false],
        [0, 1, false],
        [0, 0, false],
      ];
      expect(await listed()).toEqual(expected);
    });

    it('reads a call with its transcript in order, the recording setting and its analysis, within its project only (CallQuery)', async () => {
      const project = aProject({ recordingEnabled: true });
      const call = aCall({ projectId: project.id, metadata: { source: 'web' }, variables: { first_name: 'Ada' } });
      const turns = [
        aTurn(call.id, 1),
        aTurn(call.id, 2, { error: 'language model: the model answered HTTP 500' }),
        aTurn(call.id, 3, { role: 'tool_call', content: 'lookup_order {"orderId":"42"}', tool: { toolCallId: 'call_1', name: 'lookup_order', arguments: { orderId: '42' } } }),
        aTurn(call.id, 4, { latency: { firstTokenMs: 180, firstTextMs: 205, toolMs: 40 } }),
        aTurn(call.id, 5, {
          role: 'tool_result',
          content: '[1] Returns › Refunds: five days',
          tool: { toolCallId: 'call_2', name: 'search_knowledge', outcome: 'ok', httpStatus: null },
          sources: [{ knowledgeBaseId: 'kb_1', documentId: 'kdoc_1', documentTitle: 'Returns', position: 2, heading: 'Refunds' }],
        }),
      ];
      const analysis = completeAnalysis(queueAnalysis({ callId: call.id, projectId: project.id, now: at(10) }), RESULT, at(12));
      const pending = queueAnalysis({ callId: newId('call'), projectId: project.id, now: at(20) });
      const queued = aCall({ id: pending.callId, projectId: project.id });
      const bare = aCall({ projectId: project.id });
      const orphan = aCall();
      const neighbour = aCall({ projectId: project.id });
      await inTx(async (tx) => {
        await tx.projects.save(project);
        for (const c of [call, queued, bare, orphan, neighbour]) await tx.calls.save(c);
        await tx.transcripts.save([turns[2]!, turns[0]!]);
        await tx.transcripts.save([turns[1]!, turns[3]!, turns[4]!, aTurn(neighbour.id, 1)]);
        await tx.callAnalyses.save(analysis);
        await tx.callAnalyses.save(pending);
      });
      const details = async () => ({
        full: await queries().call.withDetails(project.id, call.id),
        queued: await queries().call.withDetails(project.id, queued.id),
        bare: await queries().call.withDetails(project.id, bare.id),
        orphan: await queries().call.withDetails(orphan.projectId, orphan.id),
        unknown: await queries().call.withDetails(project.id, newId('call')),
        elsewhere: await queries().call.withDetails(newId('prj'), call.id),
      });
      const expected = {
        full: { call, transcript: turns, recordingEnabled: true, analysis },
        queued: { call: queued, transcript: [], recordingEnabled: true, analysis: pending },
        bare: { call: bare, transcript: [], recordingEnabled: true, analysis: null },
        orphan: { call: orphan, transcript: [], recordingEnabled: false, analysis: null },
        unknown: null,
        elsewhere: null,
      };
      expect(await read(details)).toEqual(expected);
      expect(await read(details)).toEqual(expected);
      expect(await read(async () => [await queries().call.inAnyProject(orphan.id), await queries().call.inAnyProject(newId('call'))])).toEqual([orphan, null]);
    });

    it('lists an agent’s calls newest first, filtered, with the agent: its total past the end too, and null for an agent the project lacks', async () => {
      const project = aProject({ recordingEnabled: true });
      const agent = anAgent({ projectId: project.id });
      const idle = anAgent({ projectId: project.id });
      const foreign = anAgent();
      const [first, second, third] = [1, 2, 3].map((s) => aCall({ projectId: project.id, agentId: agent.id, startedAt: at(s) })) as [Call, Call, Call];
      const failed = { ...second, status: 'failed' as const };
      await inTx(async (tx) => {
        await tx.projects.save(project);
        for (const a of [agent, idle, foreign]) await tx.agents.save(a);
        for (const c of [third, first, failed, aCall({ projectId: project.id }), aCall({ agentId: agent.id }), aCall({ projectId: foreign.projectId, agentId: foreign.id })]) {
          await tx.calls.save(c);
        }
      });
      const listed = async () => ({
        first: await queries().calls.agentPage(project.id, byAgent(agent.id, { limit: 2 })),
        rest: await queries().calls.agentPage(project.id, byAgent(agent.id, { limit: 2, offset: 2 })),
        past: await queries().calls.agentPage(project.id, byAgent(agent.id, { limit: 2, offset: 7 })),
        failed: await queries().calls.agentPage(project.id, byAgent(agent.id, { status: 'failed' })),
        searched: await queries().calls.agentPage(project.id, byAgent(agent.id, { search: third.fromNumber, limit: 1 })),
        idle: await queries().calls.agentPage(project.id, byAgent(idle.id)),
        unknown: await queries().calls.agentPage(project.id, byAgent(newId('agt'))),
        foreign: await queries().calls.agentPage(project.id, byAgent(foreign.id)),
      });
      const expected = {
        first: { items: [third, failed], total: 3, recordingEnabled: true, version: expect.any(String) },
        rest: { items: [first], total: 3, recordingEnabled: true, version: expect.any(String) },
        past: { items: [], total: 3, recordingEnabled: false, version: expect.any(String) },
        failed: { items: [failed], total: 1, recordingEnabled: true, version: expect.any(String) },
        searched: { items: [third], total: 1, recordingEnabled: true, version: expect.any(String) },
        idle: { items: [], total: 0, recordingEnabled: false, version: expect.any(String) },
        unknown: null,
        foreign: null,
      };
      expect(await listed()).toEqual(expected);
    });

    it('grants the claim of a call’s media stream once, ever: a later save keeps it, and of two claims at once one wins', async () => {
      const call = aCall();
      const other = aCall();
      await inTx(async (tx) => {
        await tx.calls.save(call);
        await tx.calls.save(other);
      });

      const first = await inTx((tx) => tx.calls.claimMedia(call.id, at(1)));
      await inTx((tx) => tx.calls.save({ ...call, lastTranscriptSnippet: 'still live' }));
      const again = await inTx((tx) => tx.calls.claimMedia(call.id, at(2)));
      const unknown = await inTx((tx) => tx.calls.claimMedia(newId('call'), at(3)));
      const racing = await Promise.all([inTx((tx) => tx.calls.claimMedia(other.id, at(4))), inTx((tx) => tx.calls.claimMedia(other.id, at(4)))]);

      expect([first, again, unknown]).toEqual([true, false, false]);
      expect([...racing].sort()).toEqual([false, true]);
      expect(await inTx((tx) => tx.calls.findById(call.projectId, call.id))).toEqual({ ...call, lastTranscriptSnippet: 'still live' });
    });

    it('counts a project’s outbound calls to one number from a time on, and nothing else', async () => {
      const first = aCall({ direction: 'outbound', toNumber: '+13125550142', startedAt: at(10) });
      const kept = [
        first,
        aCall({ projectId: first.projectId, direction: 'outbound', toNumber: '+13125550142', startedAt: at(20) }),
        aCall({ projectId: first.projectId, direction: 'outbound', toNumber: '+13125550142', startedAt: at(5) }),
        aCall({ projectId: first.projectId, direction: 'inbound', toNumber: '+13125550142', startedAt: at(30) }),
        aCall({ projectId: first.projectId, direction: 'outbound', toNumber: '+13125550143', startedAt: at(30) }),
        aCall({ direction: 'outbound', toNumber: '+13125550142', startedAt: at(30) }),
      ];
      await inTx(async (tx) => {
        for (const call of kept) await tx.calls.save(call);
      });

      expect(await inTx((tx) => tx.calls.countOutboundTo(first.projectId, '+13125550142', at(10)))).toBe(2);
      expect(await inTx((tx) => tx.calls.countOutboundTo(first.projectId, '+13125550142', at(0)))).toBe(3);
    });

    it('counts several numbers’ outbound calls from a time on in one ask, a number with none left out', async () => {
      const first = aCall({ direction: 'outbound', toNumber: '+13125550142', startedAt: at(10) });
      const kept = [
        first,
        aCall({ projectId: first.projectId, direction: 'outbound', toNumber: '+13125550142', startedAt: at(20) }),
        aCall({ projectId: first.projectId, direction: 'outbound', toNumber: '+13125550142', startedAt: at(5) }),
        aCall({ projectId: first.projectId, direction: 'inbound', toNumber: '+13125550143', startedAt: at(30) }),
        aCall({ projectId: first.projectId, direction: 'outbound', toNumber: '+13125550144', startedAt: at(30) }),
        aCall({ direction: 'outbound', toNumber: '+13125550143', startedAt: at(30) }),
      ];
      await inTx(async (tx) => {
        for (const call of kept) await tx.calls.save(call);
      });

      const counted = await inTx((tx) => tx.calls.countOutboundToEach(first.projectId, ['+13125550142', '+13125550143', '+13125550144', '+13125550142'], at(10)));
      expect([...counted.entries()].sort()).toEqual([
        ['+13125550142', 2],
        ['+13125550144', 1],
      ]);
      expect((await inTx((tx) => tx.calls.countOutboundToEach(first.projectId, [], at(0)))).size).toBe(0);
    });

    it('stores new calls together, reads them back by ids, and records the carrier’s ids without touching the rest', async () => {
      const project = aProject();
      const calls = [aCall({ projectId: project.id, providerCallId: null }), aCall({ projectId: project.id, providerCallId: null })];
      await inTx(async (tx) => {
        await tx.projects.save(project);
        await tx.calls.insertNew(calls);
      });
      await expect(inTx((tx) => tx.calls.insertNew([aCall({ projectId: project.id }), calls[0]!]))).rejects.toBeInstanceOf(DuplicateKey);
      await inTx((tx) => tx.calls.recordProviderCallIds([{ callId: calls[1]!.id, providerCallId: 'CA-second' }]));

      const found = await inTx((tx) => tx.calls.findByIdsInAnyProject([calls[1]!.id, newId('call'), calls[0]!.id]));
      expect([...found].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
        [calls[0]!, { ...calls[1]!, providerCallId: 'CA-second' }].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      expect(await inTx((tx) => tx.calls.findByProviderCallId('CA-second'))).toEqual({ ...calls[1]!, providerCallId: 'CA-second' });
      expect(await inTx((tx) => tx.calls.findByIdsInAnyProject([]))).toEqual([]);
    });

    it('marks a call opted out once, ever, across racing marks; a later save of the call keeps it', async () => {
      const call = aCall();
      await inTx((tx) => tx.calls.save(call));

      const racing = await Promise.all([inTx((tx) => tx.calls.markOptedOut(call.id)), inTx((tx) => tx.calls.markOptedOut(call.id))]);
      await inTx((tx) => tx.calls.save({ ...call, lastTranscriptSnippet: 'saved after' }));
      const again = await inTx((tx) => tx.calls.markOptedOut(call.id));
      const unknown = await inTx((tx) => tx.calls.markOptedOut(newId('call')));

      expect([...racing].sort()).toEqual([false, true]);
      expect([again, unknown]).toEqual([false, false]);
      expect(await inTx((tx) => tx.calls.findById(call.projectId, call.id))).toEqual({ ...call, lastTranscriptSnippet: 'saved after', optOut: true });
    });

    it('refuses the claim of a call that ended before its media connected (its caller hung up first)', async () => {
      const call = aCall();
      await inTx((tx) => tx.calls.save(call));
      const ended = completeCall(call, { now: at(2), reason: 'caller_hangup' });
      if (E.isLeft(ended)) throw new Error('not completed');
      await inTx((tx) => tx.calls.storeEnd(ended.right));

      const claimed = await inTx((tx) => tx.calls.claimMedia(call.id, at(3)));

      expect(claimed).toBe(false);
      expect(await inTx((tx) => tx.calls.findById(call.projectId, call.id))).toEqual(ended.right);
    });

    it('claims media and saves a call in units of work of one statement each', async () => {
      const call = aCall();
      await inTx((repos) => repos.calls.save(call));

      const racing = await Promise.all([inTx((repos) => repos.calls.claimMedia(call.id, at(1))), inTx((repos) => repos.calls.claimMedia(call.id, at(2)))]);
      await inTx((repos) => repos.calls.save({ ...call, lastTranscriptSnippet: 'saved again' }));
      const again = await inTx((repos) => repos.calls.claimMedia(call.id, at(3)));

      expect([...racing].sort()).toEqual([false, true]);
      expect(again).toBe(false);
      expect(await inTx((repos) => repos.calls.findById(call.projectId, call.id))).toEqual({ ...call, lastTranscriptSnippet: 'saved again' });
      expect(await inTx((repos) => repos.calls.countLive(call.projectId))).toBe(1);
    });

    it('stores a call’s end once, over racing ends, leaving its other columns as stored since it was read', async () => {
      const call = aCall({ answeredBy: null });
      const other = aCall();
      await inTx(async (tx) => {
        await tx.calls.save(call);
        await tx.calls.save(other);
      });
      const endOf = (read: Call, seconds: number, reason: 'caller_hangup' | 'agent_hangup') => {
        const ended = completeCall(read, { now: at(seconds), reason, lastWords: `Bye at ${seconds}` });
        if (E.isLeft(ended)) throw new Error('not ended');
        return ended.right;
      };
      // Written after the end was decided on the call as read: the end leaves it.
      await inTx((tx) => tx.calls.save({ ...call, answeredBy: 'human' }));

      const first = await inTx((repos) => repos.calls.storeEnd(endOf(call, 30, 'caller_hangup')));
      const again = await inTx((tx) => tx.calls.storeEnd(endOf(call, 31, 'agent_hangup')));
      const unknown = await inTx((repos) => repos.calls.storeEnd(endOf(aCall(), 32, 'caller_hangup')));
      const racing = await Promise.all([
        inTx((repos) => repos.calls.storeEnd(endOf(other, 40, 'caller_hangup'))),
        inTx((tx) => tx.calls.storeEnd(endOf(other, 41, 'agent_hangup'))),
      ]);

      expect([first, again, unknown]).toEqual([true, false, false]);
      expect([...racing].sort()).toEqual([false, true]);
      expect(await inTx((repos) => repos.calls.findById(call.projectId, call.id))).toEqual({ ...endOf(call, 30, 'caller_hangup'), answeredBy: 'human' });
      const raced = await inTx((repos) => repos.calls.findById(other.projectId, other.id));
      expect(raced).toEqual(racing[0] ? endOf(other, 40, 'caller_hangup') : endOf(other, 41, 'agent_hangup'));
      expect(await inTx((repos) => repos.calls.countLive(call.projectId))).toBe(0);
    });

    it('stores no end of a call joined by a carrier call since it was read', async () => {
      const web = aCall({ type: 'web', providerCallId: null });
      await inTx((tx) => tx.calls.save(web));
      const ended = completeCall(web, { now: at(60), reason: 'not_connected' });
      if (E.isLeft(ended)) throw new Error('not ended');
      await inTx((tx) => tx.calls.save({ ...web, providerCallId: 'CA-joined' }));

      expect(await inTx((repos) => repos.calls.storeEnd(ended.right))).toBe(false);
      expect(await inTx((repos) => repos.calls.findById(web.projectId, web.id))).toEqual({ ...web, providerCallId: 'CA-joined' });
      expect(await inTx((tx) => tx.calls.storeEnd({ ...ended.right, providerCallId: 'CA-joined' }))).toBe(true);
    });

    /** A call in progress and one over, both stored. */
    const aLiveAndAnEndedCall = async () => {
      const call = aCall();
      const ended = completeCall(aCall(), { now: at(9), reason: 'caller_hangup' });
      if (E.isLeft(ended)) throw new Error('not ended');
      await inTx(async (tx) => {
        await tx.calls.save(call);
        await tx.calls.save(ended.right);
      });
      return { call, ended: ended.right };
    };

    it('grants the return of a call’s media after a warm transfer once per rising attempt, only while the call is in progress', async () => {
      const { call, ended } = await aLiveAndAnEndedCall();

      const first = await inTx((tx) => tx.calls.claimResumedMedia(call.id, 100));
      await inTx((tx) => tx.calls.save({ ...call, lastTranscriptSnippet: 'back' }));
      const replayed = await inTx((tx) => tx.calls.claimResumedMedia(call.id, 100));
      const older = await inTx((tx) => tx.calls.claimResumedMedia(call.id, 99));
      const next = await inTx((tx) => tx.calls.claimResumedMedia(call.id, 101));
      const overCall = await inTx((tx) => tx.calls.claimResumedMedia(ended.id, 1));

      expect([first, replayed, older, next, overCall]).toEqual([true, false, false, true, false]);
    });

    it('grants a handed-over call’s media only once the session it left let go, once per hand-over, only while the call is in progress', async () => {
      const { call, ended } = await aLiveAndAnEndedCall();

      const beforeRelease = await inTx((tx) => tx.calls.claimHandedOverMedia(call.id, 200));
      const released = await inTx((tx) => tx.calls.releaseMedia(call.id, 200));
      await inTx((tx) => tx.calls.save({ ...call, lastTranscriptSnippet: 'moved' }));
      const first = await inTx((tx) => tx.calls.claimHandedOverMedia(call.id, 200));
      const replayed = await inTx((tx) => tx.calls.claimHandedOverMedia(call.id, 200));
      const otherAttempt = await inTx((tx) => tx.calls.claimHandedOverMedia(call.id, 201));
      const overCall = await inTx((tx) => tx.calls.releaseMedia(ended.id, 1));

      expect([beforeRelease, released, first, replayed, otherAttempt, overCall]).toEqual([false, true, true, false, false, false]);
    });

    it('counts a project’s calls in progress, and only those', async () => {
      const projectId = newId('prj');
      const live = [aCall({ projectId }), aCall({ projectId, type: 'web' })];
      const over = completeCall(aCall({ projectId }), { now: at(5), reason: 'caller_hangup' });
      if (E.isLeft(over)) throw new Error('not ended');
      await inTx(async (tx) => {
        for (const call of [...live, over.right, aCall()]) await tx.calls.save(call);
      });

      expect(await inTx((tx) => tx.calls.countLive(projectId))).toBe(2);
      expect(await inTx((tx) => tx.calls.countLive(newId('prj')))).toBe(0);
    });

    it('keeps who answered and whether detection ran', async () => {
      const call = { ...aCall({ direction: 'outbound' }), voicemailDetection: true, answeredBy: 'machine_end_beep' as const };
      await inTx((tx) => tx.calls.save(call));

      expect(await inTx((tx) => tx.calls.findByIdInAnyProject(call.id))).toEqual(call);
    });

    it('nulls the agent of every call of a deleted agent, and only those', async () => {
      const agentId = newId('agt');
      const mine = aCall({ agentId });
      const other = aCall();
      await inTx(async (tx) => {
        await tx.calls.save(mine);
        await tx.calls.save(other);
        await tx.calls.detachAgent(agentId);
      });

      expect((await inTx((tx) => tx.calls.findById(mine.projectId, mine.id)))?.agentId).toBeNull();
      expect((await inTx((tx) => tx.calls.findById(other.projectId, other.id)))?.agentId).toBe(other.agentId);
    });

    it('lists in-progress web calls no browser joined, started before a time, oldest first, across projects', async () => {
      const web = (second: number, overrides: Partial<Call> = {}) =>
        aCall({ type: 'web', phoneNumberId: null, providerCallId: null, fromNumber: 'client:x', toNumber: 'web', startedAt: at(second), ...overrides });
      const older = web(-20);
      const old = web(-10, { projectId: newId('prj') });
      const tooRecent = web(5);
      const joined = web(-15, { providerCallId: `WEBSIM${newId('call')}` });
      const pstn = aCall({ startedAt: at(-30), providerCallId: null });
      const ended = completeCall(web(-25), { now: at(-24), reason: 'caller_hangup' });
      if (E.isLeft(ended)) throw new Error('not completed');
      await inTx(async (tx) => {
        for (const call of [old, older, tooRecent, joined, pstn, ended.right]) await tx.calls.save(call);
      });
      const mine = new Set([older, old, tooRecent, joined, pstn, ended.right].map((c) => c.id));

      const found = await inTx((tx) => tx.calls.listUnconnectedWebCalls(at(0), 10_000));
      expect(found.filter((c) => mine.has(c.id))).toEqual([older, old]);
      const starts = found.map((c) => c.startedAt.getTime());
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(await inTx((tx) => tx.calls.listUnconnectedWebCalls(at(0), 1))).toHaveLength(1);
    });

    it('keeps transcript turns in sequence order, reads those after a sequence, and overwrites a truncated turn', async () => {
      const call = aCall();
      const turns = [aTurn(call.id, 1), aTurn(call.id, 2), aTurn(call.id, 3)];
      await inTx(async (tx) => {
        await tx.calls.save(call);
        await tx.transcripts.save([turns[2]!, turns[0]!]);
        await tx.transcripts.save([turns[1]!]);
      });
      const truncated = truncateTurn(turns[2]!, 'turn');
      await inTx((tx) => tx.transcripts.save([truncated]));

      expect(await inTx((tx) => tx.transcripts.listByCall(call.id))).toEqual([turns[0], turns[1], truncated]);
      expect(await inTx((tx) => tx.transcripts.listByCall(call.id, 1))).toEqual([turns[1], truncated]);
      expect(await inTx((tx) => tx.transcripts.listByCall(call.id, 3))).toEqual([]);
    });

    it('keeps why the agent could not answer on a turn, beside turns without one', async () => {
      const call = aCall();
      const turns = [aTurn(call.id, 1), aTurn(call.id, 2, { error: 'language model: the model answered HTTP 500' })];
      await inTx(async (tx) => {
        await tx.calls.save(call);
        await tx.transcripts.save(turns);
      });

      expect(await inTx((tx) => tx.transcripts.listByCall(call.id))).toEqual(turns);
    });

    it('saves and overwrites turns, each save a unit of work of its own: tool details, errors, latency figures, quotes and instants as given', async () => {
      const call = aCall();
      await inTx((tx) => tx.calls.save(call));
      const turns = [
        aTurn(call.id, 1, { content: `It's "fine" \\ {ok}?`, createdAt: at(1_234) }),
        aTurn(call.id, 2, { role: 'tool_call', content: 'lookup_order {"orderId":"42"}', tool: { toolCallId: 'call_1', name: 'lookup_order', arguments: { orderId: "4'2" } } }),
        aTurn(call.id, 3, { error: 'language model: the model answered HTTP 500' }),
        aTurn(call.id, 4, { latency: { firstTokenMs: 212, firstTextMs: 240, toolMs: 0 } }),
        aTurn(call.id, 5, { latency: { firstTokenMs: null, firstTextMs: null, toolMs: 1_500 } }),
        aTurn(call.id, 6, { role: 'user', language: 'es-ES' }),
      ];
      await inTx((repos) => repos.transcripts.save(turns));
      const truncated = truncateTurn(turns[2]!, 'Sorry, I');
      await inTx((repos) => repos.transcripts.save([truncated]));

      expect(await inTx((repos) => repos.transcripts.listByCall(call.id))).toEqual([turns[0], turns[1], truncated, turns[3], turns[4], turns[5]]);
      await expect(inTx((repos) => repos.transcripts.save([aTurn(call.id, 1)]))).rejects.toBeInstanceOf(DuplicateKey);
    });

    it('refuses a second turn with the same sequence in a call', async () => {
      const call = aCall();
      await inTx(async (tx) => {
        await tx.calls.save(call);
        await tx.transcripts.save([aTurn(call.id, 1)]);
      });

      await expect(inTx((tx) => tx.transcripts.save([aTurn(call.id, 1)]))).rejects.toBeInstanceOf(DuplicateKey);
    });
  });
};
