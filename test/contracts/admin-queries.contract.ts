import { describe, expect, it } from 'vitest';
import { aFailedDelivery, aNumber, at, aWebhook, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** What the operator's console reads and changes beyond the customer API, on every storage adapter. */
export const adminQueriesContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} repositories, operator queries`, () => {
    const { inTx, queries, read } = useStore(open);

    it('lists live and released numbers of a project, oldest first, and only its own', async () => {
      const projectId = newId('proj');
      const live = aNumber({ projectId, createdAt: at(2) });
      const released = aNumber({ projectId, status: 'released', releasedAt: at(5), createdAt: at(1) });
      await inTx(async (tx) => {
        for (const n of [live, released, aNumber()]) await tx.numbers.save(n);
      });
      const page = await read(() => queries().numbers.all(projectId, { limit: 10, offset: 0 }));
      expect(ids(page.items)).toEqual([released.id, live.id]);
      expect(page.total).toBe(2);
      const second = await read(() => queries().numbers.all(projectId, { limit: 1, offset: 1 }));
      expect(ids(second.items)).toEqual([live.id]);
      expect(second.total).toBe(2);
    });

    it("lists a project's webhooks, the default first", async () => {
      const projectId = newId('proj');
      const agentId = newId('agt');
      const perAgent = aWebhook({ projectId, agentId, createdAt: at(0) });
      const fallback = aWebhook({ projectId, createdAt: at(5) });
      await inTx(async (tx) => {
        for (const w of [perAgent, fallback, aWebhook()]) await tx.webhooks.save(w);
      });
      const listed = await read(() => queries().webhooks.ofProject(projectId));
      expect(ids(listed)).toEqual([fallback.id, perAgent.id]);
      expect(listed[1]).toEqual(perAgent);
    });

    it('reschedules a delivery: its status and next attempt change, nothing else', async () => {
      const projectId = newId('proj');
      const delivery = aFailedDelivery({ projectId });
      await inTx((tx) => tx.deliveries.enqueue([delivery]));
      const due = at(100);
      await inTx((tx) => tx.deliveries.reschedule({ ...delivery, status: 'pending', nextRetryAt: due, body: 'ignored' }));
      expect(await inTx((tx) => tx.deliveries.findById(projectId, delivery.id))).toEqual({
        ...delivery,
        status: 'pending',
        nextRetryAt: due,
      });
      const claimed = await inTx((tx) => tx.deliveries.claimDue(due, 1000, 60_000));
      expect(ids(claimed)).toContain(delivery.id);
    });
  });
};
