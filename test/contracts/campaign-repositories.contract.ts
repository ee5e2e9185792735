import { describe, expect, it } from 'vitest';
import { DuplicateKey } from '../../src/application/ports/repositories.js';
import { completeCall } from '../../src/domain/call.js';
import { aCall, at, newNumber } from '../support/builders.js';
import { aCampaign, aRecipient, recipientsOf } from '../support/campaign-builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
const sorted = (values: readonly string[]) => [...values].sort();

/** Campaigns, their recipients and attempts, asserted through the ports on every storage adapter. */
export const campaignRepositoriesContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} campaign repositories`, () => {
    const { inTx } = useStore(open);

    it('stores a campaign whole and lists the project\u2019s newest first', async () => {
      const older = aCampaign({
        schedule: { startAt: at(100), endBy: at(100_000), weekdays: [1, 3, 5], dailyStartMinute: 510, dailyEndMinute: 1230, defaultTimeZone: 'America/Chicago' },
        fromNumber: { kind: 'single', numberId: 'num_1' },
        retry: { maxAttempts: 4, backoffSeconds: 120, backoffMultiplier: 1.5, retryOn: ['busy', 'voicemail'] },
        callOverrides: { language: 'es-ES', voice: 'Google.es-ES-Neural2-A', turnTaking: { interruptible: 'speech', interruptionSensitivity: 0.2, endOfTurnTimeoutMs: null } },
      });
      const newer = aCampaign({ projectId: older.projectId, createdAt: at(5), status: 'running', startedAt: at(5), systemPrompt: 'Be brief.' });
      await inTx(async (tx) => {
        await tx.campaigns.save(older);
        await tx.campaigns.save(newer);
      });
      const found = await inTx(async (tx) => ({
        one: await tx.campaigns.findById(older.projectId, older.id),
        elsewhere: await tx.campaigns.findById(aCampaign().projectId, older.id),
        page: await tx.campaigns.list(older.projectId, { limit: 10, offset: 0 }),
      }));
      expect(found.one).toEqual(older);
      expect(found.elsewhere).toBeNull();
      expect(found.page).toEqual({ items: [newer, older], total: 2 });
    });

    it('lists running campaigns and scheduled ones whose start has come', async () => {
      const running = aCampaign({ status: 'running' });
      const due = aCampaign({ status: 'scheduled', schedule: { ...aCampaign().schedule, startAt: at(10) } });
      const later = aCampaign({ status: 'scheduled', schedule: { ...aCampaign().schedule, startAt: at(1000) } });
      const paused = aCampaign({ status: 'paused' });
      await inTx(async (tx) => {
        for (const c of [running, due, later, paused]) await tx.campaigns.save(c);
      });
      const active = ids(await inTx((tx) => tx.campaigns.listActive(at(10))));
      expect(active).toEqual(expect.arrayContaining([running.id, due.id]));
      expect(active).not.toContain(later.id);
      expect(active).not.toContain(paused.id);
    });

    it('locks a running campaign for one dialling round and keeps its pace across saves', async () => {
      const campaign = aCampaign({ status: 'running' });
      const draft = aCampaign();
      await inTx(async (tx) => {
        await tx.campaigns.save(campaign);
        await tx.campaigns.save(draft);
      });
      expect(await inTx((tx) => tx.campaigns.lockForDialling(draft.id))).toBeNull();
      expect(await inTx((tx) => tx.campaigns.lockForDialling(campaign.id))).toEqual({ campaign, nextDialAt: null });
      await inTx((tx) => tx.campaigns.setNextDialAt(campaign.id, at(60)));
      await inTx((tx) => tx.campaigns.save({ ...campaign, name: 'Renamed' }));
      const locked = await inTx((tx) => tx.campaigns.lockForDialling(campaign.id));
      expect(locked?.nextDialAt).toEqual(at(60));
      expect(locked?.campaign.name).toBe('Renamed');
    });

    it('adds recipients once per number, lists them in order with filters, and counts them per state', async () => {
      const campaign = aCampaign();
      const [first, second, third] = recipientsOf(campaign, 3, { variables: { firstName: 'Ada' } });
      const done = { ...third!, status: 'completed' as const, lastOutcome: 'answered' as const, attempts: 1 };
      await inTx(async (tx) => {
        await tx.campaigns.save(campaign);
        await tx.campaignRecipients.insert([first!, second!, done]);
      });
      await expect(inTx((tx) => tx.campaignRecipients.insert([aRecipient({ campaignId: campaign.id, phoneNumber: first!.phoneNumber })]))).rejects.toBeInstanceOf(
        DuplicateKey,
      );
      const seen = await inTx(async (tx) => ({
        existing: await tx.campaignRecipients.existingNumbers(campaign.id, [first!.phoneNumber, newNumber()]),
        all: await tx.campaignRecipients.list(campaign.id, { limit: 2, offset: 0, status: null, outcome: null }),
        answered: await tx.campaignRecipients.list(campaign.id, { limit: 10, offset: 0, status: null, outcome: 'answered' }),
        pending: await tx.campaignRecipients.list(campaign.id, { limit: 10, offset: 0, status: 'pending', outcome: null }),
        counts: await tx.campaignRecipients.countByStatus(campaign.id),
        one: await tx.campaignRecipients.findById(campaign.id, second!.id),
      }));
      expect(seen.existing).toEqual([first!.phoneNumber]);
      expect(seen.all).toEqual({ items: [first, second], total: 3 });
      expect(seen.answered).toEqual({ items: [done], total: 1 });
      expect(seen.pending.total).toBe(2);
      expect(seen.counts).toEqual({ pending: 2, in_progress: 0, retry_scheduled: 0, completed: 1, failed: 0, skipped: 0 });
      expect(seen.one).toEqual(second);
    });

    it('claims the due recipients nobody holds, oldest due first; a lease keeps them from the next claim until it runs out', async () => {
      const campaign = aCampaign({ status: 'running' });
      const dueFirst = aRecipient({ campaignId: campaign.id, projectId: campaign.projectId, nextAttemptAt: at(1) });
      const dueSecond = aRecipient({ campaignId: campaign.id, projectId: campaign.projectId, status: 'retry_scheduled', attempts: 1, nextAttemptAt: at(2) });
      const notYet = aRecipient({ campaignId: campaign.id, projectId: campaign.projectId, nextAttemptAt: at(500) });
      const settled = aRecipient({ campaignId: campaign.id, projectId: campaign.projectId, status: 'failed', nextAttemptAt: null });
      await inTx(async (tx) => {
        await tx.campaigns.save(campaign);
        await tx.campaignRecipients.insert([notYet, dueSecond, dueFirst, settled]);
      });
      const claimed = await inTx(async (tx) => {
        const due = await tx.campaignRecipients.claimDue(campaign.id, at(10), 10);
        await tx.campaignRecipients.save(
          due.map((r) => ({ ...r, status: 'in_progress' as const, attempts: r.attempts + 1 })),
          at(70),
        );
        return due;
      });
      expect(ids(claimed)).toEqual([dueFirst.id, dueSecond.id]);
      expect(await inTx((tx) => tx.campaignRecipients.claimDue(campaign.id, at(20), 10))).toEqual([]);
      expect(await inTx((tx) => tx.campaignRecipients.countInFlight(campaign.id, at(20)))).toBe(2);
      await inTx((tx) => tx.campaignRecipients.renewLeases([dueFirst.id], at(200)));
      // dueSecond's lease ran out (its node died): it is claimed again; dueFirst's was renewed.
      const reclaimed = await inTx((tx) => tx.campaignRecipients.claimDue(campaign.id, at(100), 10));
      expect(ids(reclaimed)).toEqual([dueSecond.id]);
      expect(reclaimed[0]).toMatchObject({ status: 'in_progress', attempts: 2 });
      expect(await inTx((tx) => tx.campaignRecipients.countInFlight(campaign.id, at(100)))).toBe(1);
    });

    it('gives two concurrent claims disjoint recipients', async () => {
      const campaign = aCampaign({ status: 'running' });
      const recipients = recipientsOf(campaign, 20, { nextAttemptAt: at(0) });
      await inTx(async (tx) => {
        await tx.campaigns.save(campaign);
        await tx.campaignRecipients.insert(recipients);
      });
      const claim = () =>
        inTx(async (tx) => {
          const due = await tx.campaignRecipients.claimDue(campaign.id, at(10), 8);
          await tx.campaignRecipients.save(due.map((r) => ({ ...r, status: 'in_progress' as const })), at(1000));
          return ids(due);
        });
      const [a, b] = await Promise.all([claim(), claim()]);
      expect(a).toHaveLength(8);
      expect(b).toHaveLength(8);
      expect(new Set([...a, ...b]).size).toBe(16);
    });

    it('claims the in-progress recipients whose call has ended, not those still on a call', async () => {
      const campaign = aCampaign({ status: 'running', projectId: aCampaign().projectId });
      const ended = completeCall(aCall({ projectId: campaign.projectId, direction: 'outbound' }), { now: at(30), reason: 'agent_hangup' });
      if (ended._tag === 'Left') throw new Error('the call did not end');
      const live = aCall({ projectId: campaign.projectId, direction: 'outbound' });
      const done = aRecipient({ campaignId: campaign.id, projectId: campaign.projectId, status: 'in_progress', attempts: 1, lastCallId: ended.right.id });
      const talking = aRecipient({ campaignId: campaign.id, projectId: campaign.projectId, status: 'in_progress', attempts: 1, lastCallId: live.id });
      await inTx(async (tx) => {
        await tx.campaigns.save(campaign);
        await tx.calls.save(ended.right);
        await tx.calls.save(live);
        await tx.campaignRecipients.insert([done, talking]);
      });
      const claimed = ids(await inTx((tx) => tx.campaignRecipients.claimEnded(1000)));
      expect(claimed).toContain(done.id);
      expect(claimed).not.toContain(talking.id);
    });

    it("skips an opted-out number's waiting recipients in every campaign of the project, and a cancelled campaign's", async () => {
      const projectId = aCampaign().projectId;
      const one = aCampaign({ projectId });
      const two = aCampaign({ projectId });
      const phoneNumber = newNumber();
      const inOne = aRecipient({ campaignId: one.id, projectId, phoneNumber });
      const inTwo = aRecipient({ campaignId: two.id, projectId, phoneNumber, status: 'retry_scheduled' });
      const finished = aRecipient({ campaignId: two.id, projectId, status: 'completed', nextAttemptAt: null });
      const other = aRecipient({ campaignId: two.id, projectId });
      await inTx(async (tx) => {
        await tx.campaigns.save(one);
        await tx.campaigns.save(two);
        await tx.campaignRecipients.insert([inOne, inTwo, finished, other]);
      });
      expect(await inTx((tx) => tx.campaignRecipients.skipNumber(projectId, phoneNumber, 'do_not_call', at(50)))).toBe(2);
      expect(await inTx((tx) => tx.campaignRecipients.findById(two.id, inTwo.id))).toMatchObject({ status: 'skipped', skipReason: 'do_not_call', nextAttemptAt: null });
      expect(await inTx((tx) => tx.campaignRecipients.skipRemaining(two.id, 'cancelled', at(60)))).toBe(1);
      const counts = await inTx((tx) => tx.campaignRecipients.countByStatus(two.id));
      expect(counts).toMatchObject({ skipped: 2, completed: 1, pending: 0 });
    });

    it('records attempts and how they ended, listed by recipient then attempt', async () => {
      const campaign = aCampaign();
      const [a, b] = recipientsOf(campaign, 2);
      await inTx(async (tx) => {
        await tx.campaigns.save(campaign);
        await tx.campaignRecipients.insert([a!, b!]);
        await tx.campaignAttempts.insert([
          { recipientId: a!.id, attempt: 1, callId: 'call_a1', outcome: null, startedAt: at(1), endedAt: null },
          { recipientId: b!.id, attempt: 1, callId: 'call_b1', outcome: null, startedAt: at(2), endedAt: null },
        ]);
        await tx.campaignAttempts.insert([{ recipientId: a!.id, attempt: 2, callId: 'call_a2', outcome: null, startedAt: at(3), endedAt: null }]);
      });
      await expect(
        inTx((tx) => tx.campaignAttempts.insert([{ recipientId: b!.id, attempt: 2, callId: 'call_y', outcome: null, startedAt: at(3), endedAt: null }, { recipientId: a!.id, attempt: 2, callId: 'call_x', outcome: null, startedAt: at(3), endedAt: null }])),
      ).rejects.toBeInstanceOf(DuplicateKey);
      await inTx((tx) => tx.campaignAttempts.settle([{ callId: 'call_a1', outcome: 'busy', endedAt: at(9) }, { callId: 'call_a2', outcome: 'answered', endedAt: at(10) }]));
      const listed = await inTx((tx) => tx.campaignAttempts.listByRecipients([b!.id, a!.id]));
      expect(listed.map((x) => [x.callId, x.outcome])).toEqual([
        ['call_b1', null],
        ['call_a1', 'busy'],
        ['call_a2', 'answered'],
      ]);
      // The refused batch stored none of its attempts.
      expect(listed.some((x) => x.callId === 'call_y')).toBe(false);
      expect(listed[1]!.endedAt).toEqual(at(9));
    });
  });
};
