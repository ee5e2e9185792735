import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { webhookRoutes } from '../../../src/adapters/rest/routes/webhooks.js';
import { SystemClock } from '../../../src/adapters/system/system-clock.js';
import { endpointFor, queueWebhookEvent } from '../../../src/application/webhooks/outbox.js';
import { anSmsEvent, eventEncoder } from '../../support/outbound-events.js';
import { hasValidSignature, startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { aRestApi, createAgentViaApi, type Harness } from './harness.js';

const closing: Receiver[] = [];
afterEach(async () => {
  for (const receiver of closing.splice(0)) await receiver.close();
});
const aReceiver = async (status = 200) => {
  const receiver = await startReceiver(() => status);
  closing.push(receiver);
  return receiver;
};

const configure = async (h: Harness, path: string, body: Record<string, unknown>) => {
  const reply = await h.call('POST', path, { body });
  if (reply.status !== 200) throw new Error(`webhook set-up failed: ${reply.text}`);
  return reply.body as { id: string; secret: string };
};

const ids = new TimeSortableIdGenerator();

/** Queues an event the way the messaging use cases do, inside one unit of work. */
const queueEvent = (h: Harness, agentId: string | null) =>
  h.uow.transaction(async (tx) => {
    const webhook = await endpointFor(tx, h.owner.projectId, agentId);
    const deps = { ids, clock: new SystemClock(), eventEncoder };
    return E.right(await queueWebhookEvent(tx, deps, webhook!, anSmsEvent({ agentId, messageId: 'msg_1' })));
  });

describe(webhookRoutes.name, () => {
  describe('account webhook', () => {
    it('reads null before anything is configured', async () => {
      const h = await aRestApi();

      const reply = await h.call('GET', '/v1/webhooks');

      expect(reply.status).toBe(200);
      expect(reply.text).toBe('null');
    });

    it('creates with defaults, then updates in place with a new secret every time', async () => {
      const h = await aRestApi();

      const created = await h.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/in' } });
      const updated = await h.call('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/v2', contextLimit: 0, timeout: 120 },
      });
      const read = await h.call('GET', '/v1/webhooks');

      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^wh_/),
        url: 'https://hooks.example.com/in',
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{20,}$/),
        status: 'active',
        contextLimit: 10,
        timeout: 30,
        agentId: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(updated.body).toMatchObject({ id: created.body.id, url: 'https://hooks.example.com/v2', contextLimit: 0, timeout: 120 });
      expect(updated.body.secret).not.toBe(created.body.secret);
      expect(updated.body.createdAt).toBe(created.body.createdAt);
      expect(read.body).toEqual(updated.body);
      expect(h.uow.tables.webhooks.size).toBe(1);
    });

    it.each([
      [{ url: 'https://x.example.com', contextLimit: 51 }, 'contextLimit'],
      [{ url: 'https://x.example.com', contextLimit: -1 }, 'contextLimit'],
      [{ url: 'https://x.example.com', contextLimit: 2.5 }, 'contextLimit'],
      [{ url: 'https://x.example.com', timeout: 4 }, 'timeout'],
      [{ url: 'https://x.example.com', timeout: 121 }, 'timeout'],
      [{ url: 'https://x.example.com', timeout: '30' }, 'timeout'],
      [{ url: 'ftp://x.example.com' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{}, 'url'],
    ])('refuses %j with 422 naming %s', async (body, field) => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/webhooks', { body });

      expect(reply.status).toBe(422);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
      expect(reply.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
      expect(h.uow.tables.webhooks.size).toBe(0);
    });

    it.each([
      'http://localhost:8080/', 'http://127.0.0.1/', 'http://10.1.2.3/', 'http://192.168.0.10/', 'http://172.20.0.1/',
      'http://169.254.169.254/latest', 'http://[::1]/', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/',
      'http://198.18.0.1/', 'http://224.0.0.1/', 'http://255.255.255.255/', 'http://192.0.0.8/', 'http://[fec0::1]/',
      'http://[64:ff9b::7f00:1]/', 'http://[::7f00:1]/', 'http://[::ffff:0:7f00:1]/', 'http://0x7f000001/', 'http://app.localhost./',
    ])(
      'refuses the internal address %s when private networks are denied',
      async (url) => {
        const h = await aRestApi({ privateNetworkTargets: DENY_PRIVATE_NETWORKS });

        const reply = await h.call('POST', '/v1/webhooks', { body: { url } });

        expect(reply.status).toBe(422);
        expect(reply.body.error.details[0].field).toBe('url');
      },
    );

    it('accepts public addresses and names when private networks are denied, and internal ones when they are allowed', async () => {
      const denied = await aRestApi({ privateNetworkTargets: DENY_PRIVATE_NETWORKS });
      const allowed = await aRestApi({ privateNetworkTargets: { kind: 'allow' } });

      for (const url of ['https://8.8.8.8/hook', 'https://[2606:4700::1]/hook', 'https://hooks.example.com/in']) {
        expect((await denied.call('POST', '/v1/webhooks', { body: { url } })).status).toBe(200);
      }
      expect((await allowed.call('POST', '/v1/webhooks', { body: { url: 'http://127.0.0.1:9/hook' } })).status).toBe(200);
    });

    it('deletes with {success: true}, after which it reads null again', async () => {
      const h = await aRestApi();
      await configure(h, '/v1/webhooks', { url: 'https://hooks.example.com/in' });

      const deleted = await h.call('DELETE', '/v1/webhooks');

      expect(deleted.body).toEqual({ success: true });
      expect((await h.call('GET', '/v1/webhooks')).body).toBeNull();
    });

    it("never shows another project's webhook", async () => {
      const h = await aRestApi();
      await configure(h, '/v1/webhooks', { url: 'https://hooks.example.com/in' });
      const other = await h.signUp('other@example.com');

      expect((await h.call('GET', '/v1/webhooks', { key: other.key })).body).toBeNull();
    });
  });

  describe('agent webhook', () => {
    it('is separate from the account default and wins for its agent', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const otherAgent = await createAgentViaApi(h, { name: 'Other' });
      const fallback = await configure(h, '/v1/webhooks', { url: 'https://hooks.example.com/default' });

      const own = await h.call('POST', `/v1/agents/${agentId}/webhook`, { body: { url: 'https://hooks.example.com/agent', contextLimit: 3 } });

      expect(own.body).toMatchObject({ agentId, url: 'https://hooks.example.com/agent', contextLimit: 3, timeout: 30 });
      expect((await h.call('GET', `/v1/agents/${agentId}/webhook`)).body).toEqual(own.body);
      expect((await h.call('GET', `/v1/agents/${otherAgent}/webhook`)).body).toBeNull();
      expect((await h.call('GET', '/v1/webhooks')).body.id).toBe(fallback.id);
      const own1 = await queueEvent(h, agentId);
      const other1 = await queueEvent(h, otherAgent);
      expect(E.isRight(own1) && own1.right.webhookId).toBe(own.body.id);
      expect(E.isRight(other1) && other1.right.webhookId).toBe(fallback.id);
    });

    it('answers 404 for an agent of another project or none', async () => {
      const h = await aRestApi();
      const other = await h.signUp('other@example.com');
      const foreignAgent = await createAgentViaApi(h, {}, other.key);

      for (const [method, path] of [
        ['GET', `/v1/agents/${foreignAgent}/webhook`],
        ['POST', `/v1/agents/${foreignAgent}/webhook`],
        ['DELETE', `/v1/agents/agt_missing/webhook`],
        ['GET', `/v1/agents/agt_missing/webhook/deliveries`],
        ['POST', `/v1/agents/agt_missing/webhook/test`],
      ] as const) {
        const reply = await h.call(method, path, { body: method === 'POST' ? { url: 'https://x.example.com' } : undefined });
        expect([method, path, reply.status, reply.body.error.code]).toEqual([method, path, 404, 'NOT_FOUND']);
      }
    });

    it('is deleted with its agent', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      await configure(h, `/v1/agents/${agentId}/webhook`, { url: 'https://hooks.example.com/agent' });
      await configure(h, '/v1/webhooks', { url: 'https://hooks.example.com/default' });

      expect((await h.call('DELETE', `/v1/agents/${agentId}`)).status).toBe(200);

      expect([...h.uow.tables.webhooks.values()].map((w) => w.agentId)).toEqual([null]);
    });

    it('deletes only the agent webhook', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      await configure(h, `/v1/agents/${agentId}/webhook`, { url: 'https://hooks.example.com/agent' });
      await configure(h, '/v1/webhooks', { url: 'https://hooks.example.com/default' });

      expect((await h.call('DELETE', `/v1/agents/${agentId}/webhook`)).body).toEqual({ success: true });

      expect((await h.call('GET', `/v1/agents/${agentId}/webhook`)).body).toBeNull();
      expect((await h.call('GET', '/v1/webhooks')).body).not.toBeNull();
    });
  });

  describe('test sends', () => {
    it('POSTs a signed sample agent.message to the account webhook and logs it as a delivery', async () => {
      const h = await aRestApi();
      const receiver = await aReceiver(200);
      const agentId = await createAgentViaApi(h);
      const webhook = await configure(h, '/v1/webhooks', { url: receiver.url });

      const reply = await h.call('POST', '/v1/webhooks/test');

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, httpStatus: 200, errorMessage: null });
      expect(receiver.received).toHaveLength(1);
      const [sent] = receiver.received;
      expect(hasValidSignature(webhook.secret, sent!)).toBe(true);
      expect(sent!.event).toBe('agent.message');
      expect(JSON.parse(sent!.body)).toMatchObject({ event: 'agent.message', channel: 'sms', agentId, data: { direction: 'inbound' } });
      const log = await h.call('GET', '/v1/webhooks/deliveries');
      expect(log.body.data).toEqual([
        expect.objectContaining({ id: sent!.id, webhookId: webhook.id, status: 'success', attemptCount: 1, httpStatus: 200, nextRetryAt: null }),
      ]);
    });

    it('reports a failing endpoint without retrying it', async () => {
      const h = await aRestApi();
      const receiver = await aReceiver(500);
      await configure(h, '/v1/webhooks', { url: receiver.url });

      const reply = await h.call('POST', '/v1/webhooks/test');

      expect(reply.body).toEqual({ success: false, httpStatus: 500, errorMessage: 'HTTP 500' });
      expect((await h.call('GET', '/v1/webhooks/deliveries/all-time')).body).toEqual({ total: 1, success: 0, failed: 1, successRate: 0 });
    });

    it('names the given agent, and refuses one of another project', async () => {
      const h = await aRestApi();
      const receiver = await aReceiver(200);
      await createAgentViaApi(h);
      const second = await createAgentViaApi(h, { name: 'Second' });
      await configure(h, '/v1/webhooks', { url: receiver.url });
      const foreign = await createAgentViaApi(h, {}, (await h.signUp('other@example.com')).key);

      await h.call('POST', `/v1/webhooks/test?agentId=${second}`);
      const refused = await h.call('POST', `/v1/webhooks/test?agentId=${foreign}`);

      expect(JSON.parse(receiver.received[0]!.body).agentId).toBe(second);
      expect(refused.status).toBe(404);
      expect(receiver.received).toHaveLength(1);
    });

    it('says clearly when there is no webhook to test', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);

      const account = await h.call('POST', '/v1/webhooks/test');
      const agent = await h.call('POST', `/v1/agents/${agentId}/webhook/test`);

      expect([account.status, agent.status]).toEqual([400, 400]);
      expect(account.body.error.message).toMatch(/no account webhook is configured/i);
    });

    it("sends an agent's test to its own webhook", async () => {
      const h = await aRestApi();
      const fallback = await aReceiver(200);
      const own = await aReceiver(204);
      const agentId = await createAgentViaApi(h);
      await configure(h, '/v1/webhooks', { url: fallback.url });
      await configure(h, `/v1/agents/${agentId}/webhook`, { url: own.url });

      const reply = await h.call('POST', `/v1/agents/${agentId}/webhook/test`);

      expect(reply.body).toEqual({ success: true, httpStatus: 204, errorMessage: null });
      expect([fallback.received.length, own.received.length]).toEqual([0, 1]);
      const deliveries = await h.call('GET', `/v1/agents/${agentId}/webhook/deliveries`);
      expect(deliveries.body).toEqual([expect.objectContaining({ id: own.received[0]!.id, status: 'success' })]);
    });
  });

  describe('delivery log', () => {
    it('pages newest first in the spec envelope with offset, limit and items', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      await configure(h, '/v1/webhooks', { url: 'https://hooks.example.com/in' });
      const queued = [];
      for (let i = 0; i < 3; i++) {
        const result = await queueEvent(h, agentId);
        if (E.isRight(result)) queued.push(result.right);
      }

      const reply = await h.call('GET', '/v1/webhooks/deliveries?limit=2&offset=0&hours=1');

      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ hasMore: true, total: 3, offset: 0, limit: 2 });
      expect(reply.body.items).toEqual(reply.body.data);
      expect(reply.body.data.map((d: { id: string }) => d.id)).toEqual([queued[2]!.id, queued[1]!.id]);
      expect(reply.body.data[0]).toEqual({
        id: queued[2]!.id,
        webhookId: queued[2]!.webhookId,
        eventType: 'agent.message',
        channel: 'sms',
        messageId: 'msg_1',
        callId: null,
        status: 'pending',
        httpStatus: null,
        errorMessage: null,
        responseBody: null,
        attemptCount: 0,
        lastAttemptAt: null,
        nextRetryAt: expect.any(String),
        createdAt: expect.any(String),
      });
      const agentList = await h.call('GET', `/v1/agents/${agentId}/webhook/deliveries?limit=1`);
      expect(agentList.body.map((d: { id: string }) => d.id)).toEqual([queued[2]!.id]);
    });

    it('counts the window by status, event type and hour', async () => {
      const h = await aRestApi();
      await configure(h, '/v1/webhooks', { url: 'https://hooks.example.com/in' });
      await queueEvent(h, null);
      await queueEvent(h, null);

      const stats = await h.call('GET', '/v1/webhooks/deliveries/stats?hours=3');

      expect(stats.body).toMatchObject({ total: 2, success: 0, failed: 0, pending: 2, successRate: 0 });
      expect(stats.body.byEventType).toEqual({ 'agent.message': { success: 0, failed: 0, pending: 2 } });
      expect(stats.body.byHour.length).toBeGreaterThanOrEqual(3);
      expect(stats.body.byHour.at(-1)).toMatchObject({ total: 2, pending: 2 });
      expect(stats.body.byHour[0].hour).toMatch(/T\d\d:00:00\.000Z$/);
    });

    it.each(['/v1/webhooks/deliveries?hours=0', '/v1/webhooks/deliveries?hours=169', '/v1/webhooks/deliveries?limit=101', '/v1/webhooks/deliveries/stats?hours=abc'])(
      'refuses %s with 422',
      async (path) => {
        const h = await aRestApi();

        const reply = await h.call('GET', path);

        expect(reply.status).toBe(422);
        expect(reply.body.error.details[0].type).toBe('value_error');
      },
    );
  });
});
