import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/domain/conversation.js';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import type { Webhook } from '../../src/domain/webhook.js';
import type { WebhookDelivery } from '../../src/domain/webhook-delivery.js';
import { aNumber, at, newId, newNumber } from './builders.js';
import { useStore, type OpenedStore } from './store-harness.js';



const aNumberOf = (projectId: string, overrides: Partial<PhoneNumber> = {}): PhoneNumber => aNumber({ projectId, ...overrides });

const aWebhook = (projectId: string, overrides: Partial<Webhook> = {}): Webhook => ({
  id: newId('wh'),
  projectId,
  agentId: null,
  url: 'https://hooks.example.com/in',
  secret: `whsec_${randomUUID()}`,
  contextLimit: 10,
  timeoutSeconds: 30,
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

const aDelivery = (projectId: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: newId('whd'),
  projectId,
  webhookId: newId('wh'),
  agentId: null,
  eventType: 'agent.message',
  channel: 'sms',
  messageId: null,
  callId: null,
  body: '{}',
  status: 'failed',
  attemptCount: 6,
  httpStatus: 500,
  errorMessage: 'HTTP 500',
  responseBody: null,
  lastAttemptAt: at(10),
  nextRetryAt: null,
  createdAt: at(0),
  ...overrides,
});

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** What the operator's console reads and changes beyond the customer API, on every storage adapter. */
export const adminQueriesContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} repositories, operator queries`, () => {
    const { inTx } = useStore(open);

    it('lists live and released numbers of a project, oldest first, and only its own', async () => {
      const projectId = newId('proj');
      const live = aNumberOf(projectId, { createdAt: at(2) });
      const released = aNumberOf(projectId, { status: 'released', releasedAt: at(5), createdAt: at(1) });
      await inTx(async (tx) => {
        for (const n of [live, released, aNumberOf(newId('proj'))]) await tx.numbers.save(n);
      });
      const page = await inTx((tx) => tx.numbers.listAll(projectId, { limit: 10, offset: 0 }));
      expect(ids(page.items)).toEqual([released.id, live.id]);
      expect(page.total).toBe(2);
      const second = await inTx((tx) => tx.numbers.listAll(projectId, { limit: 1, offset: 1 }));
      expect(ids(second.items)).toEqual([live.id]);
      expect(second.total).toBe(2);
    });

    it("lists a project's webhooks, the default first", async () => {
      const projectId = newId('proj');
      const agentId = newId('agt');
      const perAgent = aWebhook(projectId, { agentId, createdAt: at(0) });
      const fallback = aWebhook(projectId, { createdAt: at(5) });
      await inTx(async (tx) => {
        for (const w of [perAgent, fallback, aWebhook(newId('proj'))]) await tx.webhooks.save(w);
      });
      const listed = await inTx((tx) => tx.webhooks.listByProject(projectId));
      expect(ids(listed)).toEqual([fallback.id, perAgent.id]);
      expect(listed[1]).toEqual(perAgent);
    });

    it('filters deliveries by status and event type', async () => {
      const projectId = newId('proj');
      const failedMessage = aDelivery(projectId, { createdAt: at(1) });
      const failedCall = aDelivery(projectId, { eventType: 'agent.call_ended', channel: 'voice', createdAt: at(2) });
      const delivered = aDelivery(projectId, { status: 'success', httpStatus: 200, errorMessage: null, createdAt: at(3) });
      await inTx((tx) => tx.deliveries.enqueue([failedMessage, failedCall, delivered]));
      const list = (query: Partial<{ status: 'failed' | 'success' | null; eventType: 'agent.message' | 'agent.call_ended' | null }>) =>
        inTx((tx) => tx.deliveries.list(projectId, { limit: 10, offset: 0, since: null, agentId: null, ...query }));
      expect(ids((await list({ status: 'failed' })).items)).toEqual([failedCall.id, failedMessage.id]);
      expect(ids((await list({ eventType: 'agent.message' })).items)).toEqual([delivered.id, failedMessage.id]);
      const both = await list({ status: 'failed', eventType: 'agent.message' });
      expect(ids(both.items)).toEqual([failedMessage.id]);
      expect(both.total).toBe(1);
      expect((await list({ status: null, eventType: null })).total).toBe(3);
      expect((await list({})).total).toBe(3);
    });

    it('reschedules a delivery: its status and next attempt change, nothing else', async () => {
      const projectId = newId('proj');
      const delivery = aDelivery(projectId);
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

    it('finds a conversation by its id alone, whatever its project', async () => {
      const projectId = newId('proj');
      const number = aNumberOf(projectId);
      const conversation: Conversation = {
        id: newId('conv'),
        projectId,
        agentId: null,
        phoneNumberId: number.id,
        phoneNumber: number.phoneNumber,
        participant: newNumber(),
        channel: 'sms',
        lastMessageAt: at(10),
        lastMessagePreview: 'hello',
        messageCount: 1,
        state: { step: 2 },
        createdAt: at(0),
        updatedAt: at(10),
      };
      await inTx(async (tx) => {
        await tx.numbers.save(number);
        await tx.conversations.save(conversation);
      });
      expect(await inTx((tx) => tx.conversations.findByIdInAnyProject(conversation.id))).toEqual(conversation);
      expect(await inTx((tx) => tx.conversations.findByIdInAnyProject(newId('conv')))).toBeNull();
    });
  });
};
