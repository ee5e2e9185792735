import { describe, expect, it } from 'vitest';
import { completeAnalysis, queueAnalysis } from '../../src/domain/call-analysis.js';
import { aDelivery, aFailedDelivery, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

/** The queues' backlog (BacklogQuery) on every storage adapter: pending work counted across projects, with its oldest. */
export const backlogQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} backlog query`, () => {
    const { inTx, queries, read } = useStore(open);

    it('counts pending deliveries and analyses of every project, retries included, and finds the oldest of each', async () => {
      const empty = await read(() => queries().backlog.backlog());
      expect(empty).toEqual({ webhookOutbox: { depth: 0, oldestQueuedAt: null }, callAnalyses: { depth: 0, oldestQueuedAt: null } });

      const retrying = aDelivery({ createdAt: at(2), attemptCount: 1, nextRetryAt: at(300) });
      const fresh = aDelivery({ createdAt: at(5) });
      const pending = queueAnalysis({ callId: newId('call'), projectId: newId('prj'), now: at(3) });
      const waiting = queueAnalysis({ callId: newId('call'), projectId: newId('prj'), now: at(7) });
      const done = completeAnalysis(queueAnalysis({ callId: newId('call'), projectId: newId('prj'), now: at(1) }), { summary: 'Booked.', userSentiment: 'positive', callSuccessful: true, extracted: null }, at(4));
      await inTx(async (tx) => {
        await tx.deliveries.enqueue([fresh, retrying, aFailedDelivery({ createdAt: at(1) }), aDelivery({ status: 'success', createdAt: at(1) })]);
        for (const analysis of [waiting, done, pending]) await tx.callAnalyses.save(analysis);
      });

      expect(await read(() => queries().backlog.backlog())).toEqual({
        webhookOutbox: { depth: 2, oldestQueuedAt: at(2) },
        callAnalyses: { depth: 2, oldestQueuedAt: at(3) },
      });
    });
  });
};
