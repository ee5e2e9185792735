import { describe, expect, it } from 'vitest';
import type { UsageQuery, UsageSeriesRequest } from '../../src/application/queries/usage-query.js';
import { cents } from '../../src/domain/money.js';
import { aCall, aConversation, aLedgerEntry, aMessage, aNumber, aProject, anAgent } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';
import { usageBreakdownCases } from './usage-breakdown.contract.js';

/** A store opened with the usage query over it. */
export type OpenedUsageStore = OpenedStore & { readonly usage: UsageQuery };

const NOW = new Date('2026-03-10T12:00:00.000Z');
const zero = { texts: 0, calls: 0, voiceMinutes: 0, chargesCents: 0 };

/** The usage series, per day or month of a time zone, and the breakdown by number and agent, on every storage adapter. */
export const usageQueryContract = (name: string, open: () => Promise<OpenedUsageStore>): void => {
  describe(`${name} usage query`, () => {
    let usage: UsageQuery | undefined;
    const { inTx } = useStore(async () => {
      const opened = await open();
      usage = opened.usage;
      return opened;
    });
    const series = (request: Omit<UsageSeriesRequest, 'now'>) => usage!.series({ now: NOW, ...request });

    /** A project with a number, a conversation, and texts received at `times`. */
    const aProjectTexting = async (times: readonly string[]) =>
      inTx(async (tx) => {
        const project = aProject();
        const agent = anAgent({ projectId: project.id });
        const number = aNumber({ projectId: project.id, agentId: agent.id });
        const conversation = aConversation(number);
        await tx.projects.save(project);
        await tx.agents.save(agent);
        await tx.numbers.save(number);
        await tx.conversations.save(conversation);
        for (const [i, time] of times.entries()) {
          await tx.messages.save(aMessage(conversation, { receivedAt: new Date(time), direction: i % 2 ? 'outbound' : 'inbound' }));
        }
        return project.id;
      });

    it('answers every day of the window, zeros included, oldest first, today last', async () => {
      const projectId = await aProjectTexting([]);
      expect(await series({ projectId, bucket: 'day', count: 3, zone: 'UTC' })).toEqual([
        { period: '2026-03-08', ...zero },
        { period: '2026-03-09', ...zero },
        { period: '2026-03-10', ...zero },
      ]);
    });

    it("puts a text at 23:30 UTC on that day in UTC and on the next in Asia/Tokyo", async () => {
      const projectId = await aProjectTexting(['2026-03-09T23:30:00.000Z', '2026-03-10T01:00:00.000Z']);
      const texts = async (zone: string) => (await series({ projectId, bucket: 'day', count: 2, zone })).map((p) => [p.period, p.texts]);
      expect(await texts('UTC')).toEqual([['2026-03-09', 1], ['2026-03-10', 1]]);
      expect(await texts('Asia/Tokyo')).toEqual([['2026-03-09', 0], ['2026-03-10', 2]]);
    });

    it('counts calls and their minutes rounded up per call, and charges as positive cents, credits left out', async () => {
      const projectId = await aProjectTexting(['2026-03-10T08:00:00.000Z', '2026-03-10T09:00:00.000Z']);
      await inTx(async (tx) => {
        await tx.calls.save(aCall({ projectId, startedAt: new Date('2026-03-10T10:00:00.000Z'), durationSeconds: 61, status: 'completed' }));
        await tx.calls.save(aCall({ projectId, startedAt: new Date('2026-03-10T10:30:00.000Z'), durationSeconds: 30, status: 'completed' }));
        await tx.calls.save(aCall({ projectId, startedAt: new Date('2026-03-09T10:30:00.000Z'), durationSeconds: null }));
        await tx.ledger.append(aLedgerEntry({ projectId, amountCents: cents(-300), createdAt: new Date('2026-03-10T07:00:00.000Z') }));
        await tx.ledger.append(aLedgerEntry({ projectId, amountCents: cents(-45), createdAt: new Date('2026-03-10T07:05:00.000Z') }));
        await tx.ledger.append(aLedgerEntry({ projectId, amountCents: cents(1000), reason: 'top_up', createdAt: new Date('2026-03-10T07:10:00.000Z') }));
      });
      expect(await series({ projectId, bucket: 'day', count: 2, zone: 'UTC' })).toEqual([
        { period: '2026-03-09', ...zero, calls: 1 },
        { period: '2026-03-10', texts: 2, calls: 2, voiceMinutes: 3, chargesCents: 345 },
      ]);
    });

    it("reads only the project's own rows, and none from before the window", async () => {
      const projectId = await aProjectTexting(['2026-03-06T12:00:00.000Z', '2026-03-10T11:00:00.000Z']);
      await aProjectTexting(['2026-03-10T11:00:00.000Z']);
      expect((await series({ projectId, bucket: 'day', count: 3, zone: 'UTC' })).map((p) => p.texts)).toEqual([0, 0, 1]);
    });

    it('answers months of the zone, a text on the last evening of January in UTC falling in February in Tokyo', async () => {
      const projectId = await aProjectTexting(['2026-01-31T23:30:00.000Z', '2026-03-01T00:30:00.000Z']);
      const months = async (zone: string) => (await series({ projectId, bucket: 'month', count: 4, zone })).map((p) => [p.period, p.texts]);
      expect(await months('UTC')).toEqual([['2025-12', 0], ['2026-01', 1], ['2026-02', 0], ['2026-03', 1]]);
      expect(await months('Asia/Tokyo')).toEqual([['2025-12', 0], ['2026-01', 0], ['2026-02', 1], ['2026-03', 1]]);
    });

    it('draws days across a daylight-saving change by the local calendar', async () => {
      // New York went to summer time on 2026-03-08: that day is 23 hours long.
      const projectId = await aProjectTexting(['2026-03-08T04:30:00.000Z', '2026-03-09T03:30:00.000Z', '2026-03-09T04:30:00.000Z']);
      const days = await series({ projectId, bucket: 'day', count: 4, zone: 'America/New_York' });
      expect(days.map((p) => [p.period, p.texts])).toEqual([['2026-03-07', 1], ['2026-03-08', 1], ['2026-03-09', 1], ['2026-03-10', 0]]);
    });

    usageBreakdownCases(inTx, () => usage!);
  });
};
