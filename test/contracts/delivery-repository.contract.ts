import { describe, expect, it } from 'vitest';
import { DuplicateKey } from '../../src/application/ports/repositories.js';
import type { WebhookDelivery } from '../../src/domain/webhook-delivery.js';
import { aDelivery, anAttempt, aWebhook, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const HOUR = 3_600_000;
// The claim sees every project's due rows: each test works in an earlier era than the one
// before, so rows an earlier test left pending are never due in a later one.
let eraStart = Date.UTC(2020, 0, 1);
const nextEra = () => {
  eraStart -= 30 * 24 * HOUR;
  const start = eraStart;
  return (ms: number) => new Date(start + ms);
};

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** Webhooks and the delivery outbox, asserted through the ports on every storage adapter. */
export const deliveryRepositoryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} webhook and delivery repositories`, () => {
    const { inTx } = useStore(open);
    const enqueueAll = (rows: readonly WebhookDelivery[]) => inTx((tx) => tx.deliveries.enqueue(rows));

    describe('webhooks', () => {
      it('keeps one default and one per agent, each found by its own lookup', async () => {
        const projectId = newId('proj');
        const agentId = newId('agt');
        const fallback = aWebhook({ projectId });
        const own = aWebhook({ projectId, agentId, contextLimit: 0, timeoutSeconds: 120 });
        await inTx(async (tx) => {
          await tx.webhooks.save(fallback);
          await tx.webhooks.save(own);
        });
        const found = await inTx(async (tx) => ({
          fallback: await tx.webhooks.findDefault(projectId),
          own: await tx.webhooks.findForAgent(projectId, agentId),
          otherAgent: await tx.webhooks.findForAgent(projectId, newId('agt')),
          otherProject: await tx.webhooks.findDefault(newId('proj')),
          byIds: await tx.webhooks.findByIds([own.id, fallback.id, newId('wh')]),
        }));
        expect(found.fallback).toEqual(fallback);
        expect(found.own).toEqual(own);
        expect(found.otherAgent).toBeNull();
        expect(found.otherProject).toBeNull();
        expect([...found.byIds].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          [own, fallback].sort((a, b) => a.id.localeCompare(b.id)),
        );
      });

      it("finds an agent's endpoint in one read: its own, else the default, else none", async () => {
        const projectId = newId('proj');
        const agentId = newId('agt');
        const fallback = aWebhook({ projectId });
        const own = aWebhook({ projectId, agentId, createdAt: new Date(Date.UTC(2025, 0, 1)) });
        const lonely = aWebhook({ agentId: newId('agt') });
        await inTx(async (tx) => {
          for (const webhook of [own, fallback, lonely]) await tx.webhooks.save(webhook);
        });

        const owners = {
          own: { projectId, agentId },
          otherAgent: { projectId, agentId: newId('agt') },
          noAgent: { projectId, agentId: null },
          agentOfAProjectWithoutDefault: { projectId: lonely.projectId, agentId: lonely.agentId },
          otherAgentOfThatProject: { projectId: lonely.projectId, agentId: newId('agt') },
          defaultOfThatProject: { projectId: lonely.projectId, agentId: null },
          otherProject: { projectId: newId('proj'), agentId },
        };
        const names = Object.keys(owners) as (keyof typeof owners)[];

        const endpoints = await inTx((tx) => tx.webhooks.findEndpoints(names.map((n) => owners[n])));

        expect(endpoints).toHaveLength(names.length);
        expect(Object.fromEntries(names.map((n, i) => [n, endpoints[i]]))).toEqual({
          own,
          otherAgent: fallback,
          noAgent: fallback,
          agentOfAProjectWithoutDefault: lonely,
          otherAgentOfThatProject: null,
          defaultOfThatProject: null,
          otherProject: null,
        });
      });

      it('answers several owners of two projects in one read, one answer each in the order asked', async () => {
        const [one, two] = [newId('proj'), newId('proj')];
        const [agentA, agentB, agentC] = [newId('agt'), newId('agt'), newId('agt')];
        const oneDefault = aWebhook({ projectId: one });
        const oneA = aWebhook({ projectId: one, agentId: agentA });
        const twoDefault = aWebhook({ projectId: two });
        const twoB = aWebhook({ projectId: two, agentId: agentB });
        // agentA's webhook belongs to project one: in project two, agentA falls back to two's default.
        await inTx(async (tx) => {
          for (const webhook of [twoB, oneA, twoDefault, oneDefault]) await tx.webhooks.save(webhook);
        });

        const found = await inTx(async (tx) => ({
          mixed: await tx.webhooks.findEndpoints([
            { projectId: two, agentId: agentB },
            { projectId: one, agentId: agentA },
            { projectId: one, agentId: agentC },
            { projectId: two, agentId: agentA },
            { projectId: newId('proj'), agentId: agentA },
            { projectId: one, agentId: null },
            { projectId: two, agentId: null },
            { projectId: one, agentId: agentA },
          ]),
          none: await tx.webhooks.findEndpoints([]),
        }));

        expect(found).toEqual({
          mixed: [twoB, oneA, oneDefault, twoDefault, null, oneDefault, twoDefault, oneA],
          none: [],
        });
      });

      it('overwrites on save and refuses a second default or a second webhook of one agent', async () => {
        const projectId = newId('proj');
        const agentId = newId('agt');
        const first = aWebhook({ projectId });
        const perAgent = aWebhook({ projectId, agentId });
        await inTx(async (tx) => {
          await tx.webhooks.save(first);
          await tx.webhooks.save(perAgent);
        });
        const rotated = { ...first, secret: 'whsec_rotated', url: 'https://other.example.com/', updatedAt: new Date() };
        await inTx((tx) => tx.webhooks.save(rotated));
        expect(await inTx((tx) => tx.webhooks.findDefault(projectId))).toEqual(rotated);

        await expect(inTx((tx) => tx.webhooks.save(aWebhook({ projectId })))).rejects.toBeInstanceOf(DuplicateKey);
        await expect(inTx((tx) => tx.webhooks.save(aWebhook({ projectId, agentId })))).rejects.toBeInstanceOf(DuplicateKey);
      });

      it('deletes only within the project', async () => {
        const webhook = aWebhook();
        await inTx((tx) => tx.webhooks.save(webhook));
        await inTx((tx) => tx.webhooks.delete(newId('proj'), webhook.id));
        expect(await inTx((tx) => tx.webhooks.findDefault(webhook.projectId))).toEqual(webhook);
        await inTx((tx) => tx.webhooks.delete(webhook.projectId, webhook.id));
        expect(await inTx((tx) => tx.webhooks.findDefault(webhook.projectId))).toBeNull();
      });
    });

    describe('deliveries', () => {
      it('round-trips every field and finds by id within the project', async () => {
        const delivery = aDelivery({ agentId: newId('agt'), channel: 'voice', eventType: 'agent.call_ended', callId: newId('call'), messageId: null });
        await enqueueAll([delivery]);
        expect(await inTx((tx) => tx.deliveries.findById(delivery.projectId, delivery.id))).toEqual(delivery);
        expect(await inTx((tx) => tx.deliveries.findById(newId('proj'), delivery.id))).toBeNull();
      });

      it('queues several deliveries in one call, and nothing for an empty one', async () => {
        const projectId = newId('proj');
        const rows = [1, 2, 3].map((h) =>
          aDelivery({ projectId, createdAt: new Date(Date.UTC(2026, 0, 1, h)), eventType: h === 2 ? 'agent.call_ended' : 'agent.message' }),
        );
        await inTx(async (tx) => {
          await tx.deliveries.enqueue([]);
          await tx.deliveries.enqueue(rows);
        });
        await inTx((tx) => tx.deliveries.enqueue([]));

        const found = await inTx(async (tx) => {
          const byId = [];
          for (const row of rows) byId.push(await tx.deliveries.findById(projectId, row.id));
          return { byId, totals: await tx.deliveries.allTime(projectId) };
        });

        expect(found).toEqual({ byId: rows, totals: { total: 3, success: 0, failed: 0, pending: 3 } });
      });

      it('queues a batch with more values than one statement may carry (65,535), all of it', async () => {
        const projectId = newId('proj');
        // 18 columns a row: 4,000 rows are 72,000 values, which would wrap the protocol's 16-bit count.
        const rows = Array.from({ length: 4_000 }, (_, i) => aDelivery({ projectId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }));

        await inTx((tx) => tx.deliveries.enqueue(rows));

        const found = await inTx(async (tx) => ({
          totals: await tx.deliveries.allTime(projectId),
          last: await tx.deliveries.findById(projectId, rows.at(-1)!.id),
        }));
        expect(found).toEqual({ totals: { total: 4_000, success: 0, failed: 0, pending: 4_000 }, last: rows.at(-1) });
      });

      it('claims due pending rows oldest first, up to the limit, and holds them for the lease', async () => {
        const at = nextEra();
        const due = [3, 1, 2].map((s) => aDelivery({ nextRetryAt: at(s * 1000) }));
        const later = aDelivery({ nextRetryAt: at(60_000) });
        const finished = aDelivery({ nextRetryAt: null, status: 'success', attemptCount: 1 });
        await enqueueAll([...due, later, finished]);

        const first = await inTx((tx) => tx.deliveries.claimDue(at(10_000), 2, 30_000));
        expect(ids(first)).toEqual([due[1]!.id, due[2]!.id]);
        expect(first[0]).toEqual(due[1]);
        const second = await inTx((tx) => tx.deliveries.claimDue(at(10_000), 10, 30_000));
        expect(ids(second)).toEqual([due[0]!.id]);
        expect(await inTx((tx) => tx.deliveries.claimDue(at(20_000), 10, 30_000))).toEqual([]);
        // The lease of the first claim ran out; the row that came due meanwhile is taken too.
        const afterLease = await inTx((tx) => tx.deliveries.claimDue(at(65_000), 10, 30_000));
        expect(ids(afterLease)).toEqual([due[1]!.id, due[2]!.id, due[0]!.id, later.id]);
      });

      it('keeps rows queued with heldUntil from every claim until then, like a lease', async () => {
        const at = nextEra();
        const heldRows = [1, 2].map((s) => aDelivery({ nextRetryAt: at(s * 1000) }));
        const free = aDelivery({ nextRetryAt: at(3000) });
        await inTx(async (tx) => {
          await tx.deliveries.enqueue(heldRows, at(40_000));
          await tx.deliveries.enqueue([free], null);
        });

        expect(ids(await inTx((tx) => tx.deliveries.claimDue(at(10_000), 10, 60_000)))).toEqual([free.id]);
        expect(await inTx((tx) => tx.deliveries.claimDue(at(39_999), 10, 60_000))).toEqual([]);
        expect(await inTx((tx) => tx.deliveries.claimDue(at(40_000), 10, 60_000))).toEqual(heldRows);
      });

      it('never hands one row to two claims running at the same time', async () => {
        const at = nextEra();
        const rows = Array.from({ length: 20 }, (_, i) => aDelivery({ nextRetryAt: at(i) }));
        await enqueueAll(rows);
        const claims = await Promise.all(
          Array.from({ length: 4 }, () => inTx((tx) => tx.deliveries.claimDue(at(1000), 8, 30_000))),
        );
        const claimed = claims.flatMap(ids);
        expect(new Set(claimed).size).toBe(claimed.length);
        expect(claimed.sort()).toEqual(ids(rows).sort());
      });

      it('records an attempt: the new state, the lease released, one attempt row each', async () => {
        const at = nextEra();
        const delivery = aDelivery({ nextRetryAt: at(0) });
        await enqueueAll([delivery]);
        await inTx((tx) => tx.deliveries.claimDue(at(0), 1, 60_000));
        const failed: WebhookDelivery = {
          ...delivery,
          attemptCount: 1,
          httpStatus: 500,
          errorMessage: 'HTTP 500',
          responseBody: 'oops',
          lastAttemptAt: at(100),
          nextRetryAt: at(5_000),
        };
        await inTx((tx) => tx.deliveries.recordAttempts([{ delivery: failed, attempt: anAttempt(failed) }]));
        expect(await inTx((tx) => tx.deliveries.findById(delivery.projectId, delivery.id))).toEqual(failed);
        // Released: due again at its retry time although the claim's lease has not run out.
        expect(ids(await inTx((tx) => tx.deliveries.claimDue(at(5_000), 10, 60_000)))).toEqual([delivery.id]);

        const delivered: WebhookDelivery = {
          ...failed,
          status: 'success',
          attemptCount: 2,
          httpStatus: 204,
          errorMessage: null,
          responseBody: '',
          lastAttemptAt: at(5_100),
          nextRetryAt: null,
        };
        await inTx((tx) => tx.deliveries.recordAttempts([{ delivery: delivered, attempt: anAttempt(delivered, { durationMs: 3 }) }]));
        expect(await inTx((tx) => tx.deliveries.findById(delivery.projectId, delivery.id))).toEqual(delivered);
        expect(await inTx((tx) => tx.deliveries.listAttempts(delivery.id))).toEqual([
          anAttempt(failed),
          anAttempt(delivered, { durationMs: 3 }),
        ]);
        expect(await inTx((tx) => tx.deliveries.claimDue(at(99_000), 10, 60_000))).toEqual([]);
      });

      it('refuses a second record of the same attempt', async () => {
        const delivery = aDelivery({ status: 'success', attemptCount: 1, httpStatus: 200, lastAttemptAt: new Date(), nextRetryAt: null });
        await enqueueAll([delivery]);
        await inTx((tx) => tx.deliveries.recordAttempts([{ delivery, attempt: anAttempt(delivery) }]));
        await expect(
          inTx((tx) => tx.deliveries.recordAttempts([{ delivery, attempt: anAttempt(delivery) }])),
        ).rejects.toBeInstanceOf(DuplicateKey);
        expect(await inTx((tx) => tx.deliveries.listAttempts(delivery.id))).toHaveLength(1);
      });

      it('counts by hour, event type and status since a moment, and all time', async () => {
        const projectId = newId('proj');
        const hour = (h: number, minute = 0) => new Date(Date.UTC(2026, 5, 1, h, minute, minute === 0 ? 0 : 7));
        await enqueueAll([
          aDelivery({ projectId, createdAt: hour(9, 59) }),
          aDelivery({ projectId, createdAt: hour(10, 1), status: 'success' }),
          aDelivery({ projectId, createdAt: hour(10, 30), status: 'success' }),
          aDelivery({ projectId, createdAt: hour(10, 45), status: 'failed', eventType: 'agent.call_ended' }),
          aDelivery({ projectId, createdAt: hour(12, 5) }),
          aDelivery({ projectId, createdAt: hour(3), status: 'failed' }),
          aDelivery({ createdAt: hour(10, 2), status: 'success' }),
        ]);
        const counts = await inTx((tx) => tx.deliveries.stats(projectId, hour(9, 30)));
        const key = (c: { hour: Date; eventType: string; status: string }) => `${c.hour.toISOString()} ${c.eventType} ${c.status}`;
        expect(counts.map((c) => [key(c), c.count]).sort()).toEqual(
          [
            [`${hour(9).toISOString()} agent.message pending`, 1],
            [`${hour(10).toISOString()} agent.message success`, 2],
            [`${hour(10).toISOString()} agent.call_ended failed`, 1],
            [`${hour(12).toISOString()} agent.message pending`, 1],
          ].sort(),
        );
        expect(await inTx((tx) => tx.deliveries.allTime(projectId))).toEqual({ total: 6, success: 2, failed: 2, pending: 2 });
        expect(await inTx((tx) => tx.deliveries.allTime(newId('proj')))).toEqual({ total: 0, success: 0, failed: 0, pending: 0 });
      });
    });
  });
};
