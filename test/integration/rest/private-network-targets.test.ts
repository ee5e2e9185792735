import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { ConfigError, createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';

/** Where webhooks may point (`PRIVATE_NETWORK_TARGETS`), through the real container and config. */
describe('PRIVATE_NETWORK_TARGETS', () => {
  const closing: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const resource of closing.splice(0).reverse()) await resource.close();
  });

  const aReceiver = async (): Promise<Receiver> => {
    const receiver = await startReceiver(() => 200);
    closing.push(receiver);
    return receiver;
  };

  const aSwitchboardWith = async (env: Record<string, string>, uow = new InMemoryUnitOfWork()): Promise<SwitchboardHarness> => {
    const h = await aSwitchboard({ env, uow });
    closing.push(h);
    return h;
  };

  const saveWebhook = (h: SwitchboardHarness, key: string, url: string) => h.call('POST', '/v1/webhooks', { key, body: { url } });

  it('refuses private addresses when saved in production, with 422 naming the url field', async () => {
    const h = await aSwitchboardWith({ NODE_ENV: 'production', MAILER: 'console' });
    const { api_key: key } = await h.signedUp('owner@example.com');

    const reply = await saveWebhook(h, key, 'http://127.0.0.1:8080/hooks');

    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation_error' });
    expect(reply.body.error.details).toEqual([
      { field: 'url', type: 'value_error', message: expect.stringContaining('127.0.0.1 is a loopback address') },
    ]);
    expect((await h.call('GET', '/v1/webhooks', { key })).body).toBeNull();
  });

  it('lets the ranges of an allow list through: a local receiver gets the test send, 10.x is refused', async () => {
    const receiver = await aReceiver();
    const h = await aSwitchboardWith({ NODE_ENV: 'production', MAILER: 'console', PRIVATE_NETWORK_TARGETS: '127.0.0.0/8' });
    const { api_key: key } = await h.signedUp('owner@example.com');

    const internal = await saveWebhook(h, key, 'http://10.1.2.3/hooks');
    const local = await saveWebhook(h, key, receiver.url);
    const sent = await h.call('POST', '/v1/webhooks/test', { key });

    expect(internal.status).toBe(422);
    expect(internal.body.error.details[0]).toMatchObject({ field: 'url', message: expect.stringContaining('10.1.2.3 is a private network address') });
    expect(local.status).toBe(200);
    expect(sent.body).toEqual({ success: true, httpStatus: 200, errorMessage: null });
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses at send time a URL saved before private networks were denied, logging the attempt as blocked_address', async () => {
    const receiver = await aReceiver();
    const uow = new InMemoryUnitOfWork();
    const before = await aSwitchboardWith({ PRIVATE_NETWORK_TARGETS: 'allow' }, uow);
    const { api_key: key } = await before.signedUp('owner@example.com');
    expect((await saveWebhook(before, key, receiver.url)).status).toBe(200);
    await before.close();
    const after = await aSwitchboardWith({ PRIVATE_NETWORK_TARGETS: 'deny' }, uow);

    const sent = await after.call('POST', '/v1/webhooks/test', { key });
    const log = await after.call('GET', '/v1/webhooks/deliveries', { key });

    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: false, httpStatus: null, errorMessage: expect.stringMatching(/^blocked_address: 127\.0\.0\.1 is a loopback address/) });
    expect(log.body.data).toEqual([
      expect.objectContaining({
        status: 'failed',
        attemptCount: 1,
        httpStatus: null,
        errorMessage: expect.stringMatching(/^blocked_address/),
        responseBody: null,
        nextRetryAt: null,
      }),
    ]);
    expect(receiver.received).toHaveLength(0);
  });

  it('allows private addresses outside production by default (local development)', async () => {
    const receiver = await aReceiver();
    const development = await aSwitchboardWith({});
    const { api_key: key } = await development.signedUp('owner@example.com');

    expect((await saveWebhook(development, key, receiver.url)).status).toBe(200);
    expect((await development.call('POST', '/v1/webhooks/test', { key })).body).toMatchObject({ success: true });
  });

  it.each(['sometimes', '10.0.0.0/40', 'deny,10.0.0.0/8'])('refuses to start with PRIVATE_NETWORK_TARGETS=%s, naming the variable', (value) => {
    expect(() => createSwitchboard({ env: { PRIVATE_NETWORK_TARGETS: value } })).toThrow(ConfigError);
    expect(() => createSwitchboard({ env: { PRIVATE_NETWORK_TARGETS: value } })).toThrow(/PRIVATE_NETWORK_TARGETS=.*must be deny, allow or a comma-separated list of CIDR ranges/);
  });
});
