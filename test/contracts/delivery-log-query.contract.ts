import { describe, expect, it } from 'vitest';
import { aDelivery, aFailedDelivery, anAgent, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const HOUR = 3_600_000;
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** A project's webhook deliveries, newest first (DeliveryLogQuery), on every storage adapter. */
export const deliveryLogQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} delivery log query`, () => {
    const { inTx, queries, read } = useStore(open);

    it('lists the project newest first, filtered by age and agent, with the total, every field kept', async () => {
      const projectId = newId('proj');
      const agentId = newId('agt');
      const hoursAgo = (h: number) => new Date(Date.UTC(2026, 5, 1, 12) - h * HOUR);
      const rows = [30, 1, 5, 2].map((h, i) => aDelivery({ projectId, createdAt: hoursAgo(h), agentId: i % 2 === 0 ? agentId : null }));
      await inTx((tx) => tx.deliveries.enqueue([...rows, aDelivery()]));

      const [all, recent, ofAgent, past] = await read(() =>
        Promise.all([
          queries().deliveries.page(projectId, { limit: 2, offset: 1, since: null, agentId: null }),
          queries().deliveries.page(projectId, { limit: 10, offset: 0, since: hoursAgo(24), agentId: null }),
          queries().deliveries.page(projectId, { limit: 10, offset: 0, since: null, agentId }),
          queries().deliveries.page(projectId, { limit: 10, offset: 10, since: null, agentId: null }),
        ]),
      );

      expect(all).toEqual({ items: [rows[3], rows[2]], total: 4 });
      expect(ids(recent.items)).toEqual([rows[1]!.id, rows[3]!.id, rows[2]!.id]);
      expect(recent.total).toBe(3);
      expect(ids(ofAgent.items)).toEqual([rows[2]!.id, rows[0]!.id]);
      expect(past).toEqual({ items: [], total: 4 });
    });

    it('filters by status and event type', async () => {
      const projectId = newId('proj');
      const failedMessage = aFailedDelivery({ projectId, createdAt: at(1) });
      const failedCall = aFailedDelivery({ projectId, eventType: 'agent.call_ended', channel: 'voice', createdAt: at(2) });
      const delivered = aDelivery({ projectId, status: 'success', attemptCount: 1, httpStatus: 200, nextRetryAt: null, createdAt: at(3) });
      await inTx((tx) => tx.deliveries.enqueue([failedMessage, failedCall, delivered]));
      const list = (query: Partial<{ status: 'failed' | 'success' | null; eventType: 'agent.message' | 'agent.call_ended' | null }>) =>
        read(() => queries().deliveries.page(projectId, { limit: 10, offset: 0, since: null, agentId: null, ...query }));

      expect(ids((await list({ status: 'failed' })).items)).toEqual([failedCall.id, failedMessage.id]);
      expect(ids((await list({ eventType: 'agent.message' })).items)).toEqual([delivered.id, failedMessage.id]);
      const both = await list({ status: 'failed', eventType: 'agent.message' });
      expect(ids(both.items)).toEqual([failedMessage.id]);
      expect(both.total).toBe(1);
      expect((await list({ status: null, eventType: null })).total).toBe(3);
      expect((await list({})).total).toBe(3);
    });

    it('shows what was queued or changed since the same page was read', async () => {
      const agent = anAgent();
      const first = aDelivery({ projectId: agent.projectId, agentId: agent.id, createdAt: at(1) });
      await inTx(async (tx) => {
        await tx.agents.save(agent);
        await tx.deliveries.enqueue([first]);
      });
      const pages = () =>
        read(async () => ({
          log: await queries().deliveries.page(agent.projectId, { limit: 10, offset: 0, since: null, agentId: null }),
          agent: await queries().deliveries.ofAgent(agent.projectId, agent.id, 10),
        }));
      await pages();

      const second = aDelivery({ projectId: agent.projectId, agentId: agent.id, createdAt: at(2) });
      await inTx(async (tx) => {
        await tx.deliveries.enqueue([second]);
        await tx.deliveries.reschedule({ ...first, status: 'failed', nextRetryAt: null });
      });

      const failed = { ...first, status: 'failed' as const, nextRetryAt: null };
      expect(await pages()).toEqual({ log: { items: [second, failed], total: 2 }, agent: [second, failed] });
    });

    it("lists an agent's newest deliveries up to the limit; none for an agent without any, nothing for an agent the project lacks", async () => {
      const agent = anAgent();
      const quiet = anAgent({ projectId: agent.projectId });
      const stranger = anAgent();
      const [first, second, third] = [1, 2, 3].map((s) => aDelivery({ projectId: agent.projectId, agentId: agent.id, createdAt: at(s) }));
      await inTx(async (tx) => {
        for (const a of [agent, quiet, stranger]) await tx.agents.save(a);
        await tx.deliveries.enqueue([first!, second!, third!, aDelivery({ projectId: agent.projectId }), aDelivery({ projectId: stranger.projectId, agentId: agent.id })]);
      });

      const found = await read(async () => ({
        newest: await queries().deliveries.ofAgent(agent.projectId, agent.id, 2),
        quiet: await queries().deliveries.ofAgent(agent.projectId, quiet.id, 10),
        elsewhere: await queries().deliveries.ofAgent(agent.projectId, stranger.id, 10),
        unknown: await queries().deliveries.ofAgent(agent.projectId, newId('agt'), 10),
      }));

      expect(found).toEqual({ newest: [third, second], quiet: [], elsewhere: null, unknown: null });
    });
  });
};
