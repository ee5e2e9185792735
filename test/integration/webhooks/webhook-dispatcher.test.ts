import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeHttpWebhookTransport } from '../../../src/adapters/http/node-http-webhook-transport.js';
import { OutboundGuard } from '../../../src/adapters/http/outbound-guard.js';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { SystemClock } from '../../../src/adapters/system/system-clock.js';
import type { Clock } from '../../../src/application/ports/clock.js';
import type { Repositories } from '../../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import type { QueuedEvent } from '../../../src/application/ports/webhook-repositories.js';
import { WebhookDispatcher } from '../../../src/application/webhooks/webhook-dispatcher.js';
import type { DispatcherOptions } from '../../../src/application/webhooks/dispatcher-options.js';
import { GetAllTimeDeliveryStats } from '../../../src/application/use-cases/webhooks/get-all-time-delivery-stats.js';
import { GetDeliveryStats } from '../../../src/application/use-cases/webhooks/get-delivery-stats.js';
import { deliveryOf, endpointFor, queueWebhookEvent } from '../../../src/application/webhooks/outbox.js';
import type { Webhook } from '../../../src/domain/webhook.js';
import { RecordingLogger } from '../rest/harness.js';
import { aWebhook } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { hasValidSignature, startReceiver, type Answer, type Receiver } from '../../support/webhook-receiver.js';
import { anSmsEvent, eventEncoder } from '../../support/outbound-events.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

const ids = new TimeSortableIdGenerator();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const inTx = async <A>(uow: UnitOfWork, work: (tx: Repositories) => Promise<A>): Promise<A> => {
  const result = await uow.transaction(async (tx) => E.right(await work(tx)));
  if (E.isLeft(result)) throw new Error('unexpected Left');
  return result.right;
};

const receiver = async (answer?: (index: number) => Answer): Promise<Receiver> => {
  const started = await startReceiver(answer && ((_, index) => answer(index)));
  cleanups.push(() => started.close());
  return started;
};

const pglite = async (): Promise<UnitOfWork> => {
  const dir = await aMigratedDataDir('switchboard-dispatch-');
  const database = await openDatabase({ dataDir: dir });
  cleanups.push(() => rm(dir, { recursive: true, force: true }), () => database.close());
  return database.uow;
};

/** A project with a webhook, the outbox and a dispatcher over them. */
const aWorld = async (props: {
  uow: UnitOfWork;
  url: string;
  clock?: Clock;
  delays?: readonly number[];
  options?: Partial<DispatcherOptions>;
  guard?: OutboundGuard;
}) => {
  const clock = props.clock ?? new SystemClock();
  const logger = new RecordingLogger();
  const projectId = ids.next('proj');
  const webhook = aWebhook({ projectId, url: props.url });
  await inTx(props.uow, (tx) => tx.webhooks.save(webhook));
  const sut = new WebhookDispatcher(
    { uow: props.uow, transport: new NodeHttpWebhookTransport(props.guard ?? OutboundGuard.allowingAll()), clock, logger, retryDelays: props.delays ?? [0, 300, 1800] },
    { pollIntervalMs: 25, ...props.options },
  );
  cleanups.push(() => sut.stop());
  const queue = (agentId: string | null = null) =>
    inTx(props.uow, async (tx) => {
      const target = await endpointFor(tx, projectId, agentId);
      return queueWebhookEvent(tx, { ids, clock, eventEncoder }, target!, anSmsEvent({ agentId, messageId: ids.next('msg'), message: 'hello ✓' }));
    });
  const stored = (id: string) => inTx(props.uow, (tx) => tx.deliveries.findById(projectId, id));
  const attempts = (id: string) => inTx(props.uow, (tx) => tx.deliveries.listAttempts(id));
  return { sut, clock, logger, projectId, webhook, queue, stored, attempts };
};

describe(WebhookDispatcher.name, () => {
  it('retries a failing endpoint on the schedule until it answers 2xx, signing every attempt', async () => {
    const uow = await pglite();
    const endpoint = await receiver((i) => (i < 2 ? 500 : 200));
    const world = await aWorld({ uow, url: endpoint.url, delays: [0, 0.05, 0.05, 0.05, 0.05, 0.05] });
    world.sut.start();

    const delivery = await world.queue();
    world.sut.poke();
    await eventually(async () => (await world.stored(delivery.id))?.status === 'success', { what: 'the delivery', within: 10_000 });

    expect(endpoint.received.map((r) => r.id)).toEqual([delivery.id, delivery.id, delivery.id]);
    expect(endpoint.received.every((r) => hasValidSignature(world.webhook.secret, r))).toBe(true);
    expect(endpoint.received.every((r) => r.body === delivery.body && r.event === 'agent.message')).toBe(true);
    expect(endpoint.received.every((r) => r.contentType === 'application/json')).toBe(true);
    expect(endpoint.received.every((r) => Math.abs(Number(r.timestamp) - Date.now() / 1000) < 60)).toBe(true);

    const attempts = await world.attempts(delivery.id);
    expect(attempts.map((a) => [a.attempt, a.httpStatus])).toEqual([[1, 500], [2, 500], [3, 200]]);
    expect(await world.stored(delivery.id)).toMatchObject({ status: 'success', attemptCount: 3, httpStatus: 200, nextRetryAt: null, responseBody: 'ok' });

    const stats = await new GetDeliveryStats({ uow, clock: world.clock }).execute({ projectId: world.projectId, hours: 24 })();
    expect(stats).toMatchObject(E.right({ total: 1, success: 1, failed: 0, pending: 0, successRate: 1 }));
    expect(E.isRight(stats) && stats.right.byEventType).toEqual({ 'agent.message': { success: 1, failed: 0, pending: 0 } });
    const allTime = await new GetAllTimeDeliveryStats({ uow }).execute({ projectId: world.projectId })();
    expect(allTime).toEqual(E.right({ total: 1, success: 1, failed: 0, pending: 0, successRate: 1 }));

    const lines = world.logger.lines.filter((l) => l.fields.deliveryId === delivery.id);
    expect(lines.map((l) => [l.level, l.fields.attempt, l.fields.status])).toEqual([
      ['warn', 1, 500],
      ['warn', 2, 500],
      ['info', 3, 200],
    ]);
    expect(lines.every((l) => typeof l.fields.ms === 'number' && l.fields.event === 'agent.message')).toBe(true);
    expect(JSON.stringify(world.logger.lines)).not.toContain(world.webhook.secret);
  });

  it('waits out each delay of the schedule and gives up after the last attempt', async () => {
    const clock = new FixedClock(new Date('2026-03-01T12:00:00.000Z'));
    const endpoint = await receiver(() => 503);
    const world = await aWorld({ uow: new InMemoryUnitOfWork(), url: endpoint.url, clock, delays: [0, 300, 1800] });
    const delivery = await world.queue();

    expect(await world.sut.runOnce()).toBe(1);
    expect(await world.stored(delivery.id)).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      httpStatus: 503,
      errorMessage: 'HTTP 503',
      nextRetryAt: new Date('2026-03-01T12:05:00.000Z'),
    });
    clock.advance(299_999);
    expect(await world.sut.runOnce()).toBe(0);
    clock.advance(1);
    expect(await world.sut.runOnce()).toBe(1);
    expect((await world.stored(delivery.id))?.nextRetryAt).toEqual(new Date('2026-03-01T12:35:00.000Z'));
    clock.advance(1_800_000);
    expect(await world.sut.runOnce()).toBe(1);
    clock.advance(86_400_000);
    expect(await world.sut.runOnce()).toBe(0);

    expect(await world.stored(delivery.id)).toMatchObject({ status: 'failed', attemptCount: 3, nextRetryAt: null });
    expect((await world.attempts(delivery.id)).map((a) => a.attemptedAt.toISOString())).toEqual([
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:05:00.000Z',
      '2026-03-01T12:35:00.000Z',
    ]);
    expect(endpoint.received).toHaveLength(3);
  });

  it('counts an endpoint that does not answer in time as a failed attempt', async () => {
    const endpoint = await receiver(() => 'hang');
    const world = await aWorld({ uow: new InMemoryUnitOfWork(), url: endpoint.url, options: { eventTimeoutMs: 200 } });
    const delivery = await world.queue();

    await world.sut.runOnce();

    expect(await world.stored(delivery.id)).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      httpStatus: null,
      errorMessage: 'timed out after 200 ms',
    });
  });

  it("sends an agent's events to its own webhook and everyone else's to the account default", async () => {
    const uow = new InMemoryUnitOfWork();
    const fallbackEndpoint = await receiver();
    const agentEndpoint = await receiver();
    const world = await aWorld({ uow, url: fallbackEndpoint.url });
    const agentWithOwn = ids.next('agt');
    await inTx(uow, (tx) => tx.webhooks.save(aWebhook({ projectId: world.projectId, url: agentEndpoint.url, agentId: agentWithOwn })));

    const own = await world.queue(agentWithOwn);
    const other = await world.queue(ids.next('agt'));
    const noAgent = await world.queue(null);
    await world.sut.runOnce();

    expect(agentEndpoint.received.map((r) => r.id)).toEqual([own.id]);
    expect(fallbackEndpoint.received.map((r) => r.id).sort()).toEqual([other.id, noAgent.id].sort());
  });

  it('fails a delivery at once, sending nothing, when its URL is on a network outbound requests may not reach', async () => {
    // Saved while private networks were allowed; the dispatcher now runs with them denied.
    const endpoint = await receiver(() => 200);
    const world = await aWorld({ uow: new InMemoryUnitOfWork(), url: endpoint.url, guard: new OutboundGuard(DENY_PRIVATE_NETWORKS) });
    const delivery = await world.queue();

    await world.sut.runOnce();

    expect(await world.stored(delivery.id)).toMatchObject({
      status: 'failed',
      attemptCount: 1,
      httpStatus: null,
      errorMessage: expect.stringMatching(/^blocked_address: 127\.0\.0\.1 is a loopback address/),
      responseBody: null,
      nextRetryAt: null,
    });
    expect(await world.attempts(delivery.id)).toEqual([
      expect.objectContaining({ attempt: 1, httpStatus: null, errorMessage: expect.stringMatching(/^blocked_address/) }),
    ]);
    expect(endpoint.received).toHaveLength(0);
    expect(world.logger.lines.find((l) => l.fields.deliveryId === delivery.id)).toMatchObject({
      level: 'warn',
      fields: { outcome: 'failed', error: expect.stringMatching(/^blocked_address/) },
    });
  });

  it('fails a delivery at once when its webhook was deleted', async () => {
    const uow = new InMemoryUnitOfWork();
    const endpoint = await receiver();
    const world = await aWorld({ uow, url: endpoint.url });
    const delivery = await world.queue();
    await inTx(uow, (tx) => tx.webhooks.delete(world.projectId, world.webhook.id));

    await world.sut.runOnce();

    expect(await world.stored(delivery.id)).toMatchObject({
      status: 'failed',
      attemptCount: 1,
      errorMessage: 'the webhook was deleted',
      nextRetryAt: null,
    });
    expect(endpoint.received).toHaveLength(0);
  });

  it('finishes the sends in flight and records them when stopped', async () => {
    const uow = await pglite();
    const endpoint = await startReceiver(() => 200);
    cleanups.push(() => endpoint.close());
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let sending = false;
    const transport = new NodeHttpWebhookTransport(OutboundGuard.allowingAll());
    const world = await aWorld({ uow, url: endpoint.url });
    const sut = new WebhookDispatcher(
      {
        uow,
        transport: {
          send: async (request) => {
            sending = true;
            await slow;
            return transport.send(request);
          },
        },
        clock: world.clock,
        logger: world.logger,
        retryDelays: [0, 300],
      },
      { pollIntervalMs: 25 },
    );
    const delivery = await world.queue();
    sut.start();
    await eventually(() => sending, { what: 'the send to start', within: 2_000 });

    const stopped = sut.stop();
    setTimeout(release, 100);
    await stopped;

    expect(endpoint.received.map((r) => r.id)).toEqual([delivery.id]);
    expect(await world.stored(delivery.id)).toMatchObject({ status: 'success', attemptCount: 1 });
  });

  describe('events handed over by the unit of work that queued them', () => {
    const held = async (world: Awaited<ReturnType<typeof aWorld>>, uow: UnitOfWork, heldUntil: Date) =>
      inTx(uow, async (tx) => {
        const delivery = deliveryOf(
          { ids, clock: world.clock, eventEncoder },
          world.webhook,
          anSmsEvent({ messageId: ids.next('msg'), message: 'handed over' }),
        );
        await tx.deliveries.enqueue([delivery], heldUntil);
        return delivery;
      });

    it('sends them without a claim: held from claims by the lease, they go out only because they were taken', async () => {
      const uow = new InMemoryUnitOfWork();
      const endpoint = await receiver();
      // No poll within the test: a claim could not take them anyway while the lease holds.
      const world = await aWorld({ uow, url: endpoint.url, options: { pollIntervalMs: 60_000 } });
      world.sut.start();

      const lease = world.sut.leaseFor(world.clock.now());
      const delivery = await held(world, uow, lease!);
      world.sut.poke();
      await world.sut.settled(); // the claim the poke started, and any send it led to
      expect(endpoint.received).toHaveLength(0);
      world.sut.take([{ delivery, webhook: world.webhook }]);
      await eventually(async () => (await world.stored(delivery.id))?.status === 'success', { what: 'the delivery' });

      expect(lease!.getTime() - Date.now()).toBeGreaterThan(50_000);
      expect(endpoint.received.map((r) => r.id)).toEqual([delivery.id]);
      expect(hasValidSignature(world.webhook.secret, endpoint.received[0]!)).toBe(true);
      expect((await world.attempts(delivery.id)).map((a) => [a.attempt, a.httpStatus])).toEqual([[1, 200]]);
    });

    it('leaves them to a claim once the lease runs out when the process that held them never sent them', async () => {
      const uow = await pglite();
      const endpoint = await receiver();
      // Short, so the test does not wait long; yet longer than a send and its record take on a
      // busy machine, or the claim's own lease would lapse mid-send and a second claim send again.
      const world = await aWorld({ uow, url: endpoint.url, options: { leaseMs: 1_500 } });
      world.sut.start();

      const lease = world.sut.leaseFor(world.clock.now())!;
      const delivery = await held(world, uow, lease);
      await eventually(async () => (await world.stored(delivery.id))?.status === 'success', { what: 'the delivery', within: 10_000 });

      expect(endpoint.received.map((r) => r.id)).toEqual([delivery.id]);
      expect((await world.stored(delivery.id))!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(lease.getTime());
    });

    it('records the outcomes of sends that finish close together in one write', async () => {
      const memory = new InMemoryUnitOfWork();
      let recordWrites = 0;
      const uow: UnitOfWork = {
        transaction: (work) =>
          memory.transaction((tx) =>
            work({
              ...tx,
              deliveries: {
                ...tx.deliveries,
                recordAttempts: async (attempts) => {
                  recordWrites++;
                  await tx.deliveries.recordAttempts(attempts);
                },
              },
            }),
          ),
        ping: () => memory.ping(),
      };
      const endpoint = await receiver();
      const world = await aWorld({ uow, url: endpoint.url, options: { pollIntervalMs: 60_000, recordDelayMs: 200 } });
      world.sut.start();
      const lease = world.sut.leaseFor(world.clock.now())!;
      const events: QueuedEvent[] = [];
      for (let i = 0; i < 5; i++) events.push({ delivery: await held(world, uow, lease), webhook: world.webhook });

      world.sut.take(events);
      await eventually(async () => {
        const stored = await Promise.all(events.map(({ delivery }) => world.stored(delivery.id)));
        return stored.every((d) => d?.status === 'success');
      }, { what: 'the deliveries', within: 5_000 });

      expect(endpoint.received).toHaveLength(5);
      expect(recordWrites).toBe(1);
    });

    it('keeps within maxInFlight for handed-over and claimed deliveries together, sending what waits as slots free up', async () => {
      // A receiver that answers each request after 30 ms and notes how many were open at once.
      let open = 0;
      let mostOpen = 0;
      const arrived: string[] = [];
      const server = createServer((req, res) => {
        open++;
        mostOpen = Math.max(mostOpen, open);
        arrived.push(String(req.headers['x-webhook-id']));
        req.resume();
        setTimeout(() => {
          open--;
          res.writeHead(200).end('ok');
        }, 30);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise((resolve) => server.close(resolve)));
      const uow = new InMemoryUnitOfWork();
      const world = await aWorld({
        uow,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        options: { maxInFlight: 2, pollIntervalMs: 60_000 },
      });
      world.sut.start();

      const lease = world.sut.leaseFor(world.clock.now())!;
      const handedOver: QueuedEvent[] = [];
      for (let i = 0; i < 5; i++) handedOver.push({ delivery: await held(world, uow, lease), webhook: world.webhook });
      const claimable = [await world.queue(), await world.queue(), await world.queue()];
      world.sut.take(handedOver);
      world.sut.poke();

      // Two sending, three waiting: no room for another hand-over.
      expect(world.sut.leaseFor(world.clock.now())).toBeNull();
      const all = [...handedOver.map((e) => e.delivery), ...claimable];
      await eventually(async () => (await Promise.all(all.map((d) => world.stored(d.id)))).every((d) => d?.status === 'success'), { what: 'every delivery', within: 10_000 });

      expect(mostOpen).toBe(2);
      expect([...arrived].sort()).toEqual(all.map((d) => d.id).sort());
      // What it held went first; the claim waited for it.
      expect(arrived.slice(0, 5).sort()).toEqual(handedOver.map((e) => e.delivery.id).sort());
    });

    it('offers no lease when it is not running: the events are then queued for claims', async () => {
      const world = await aWorld({ uow: new InMemoryUnitOfWork(), url: 'http://127.0.0.1:9/hooks' });

      expect(world.sut.leaseFor(new Date())).toBeNull();
      world.sut.start();
      expect(world.sut.leaseFor(new Date())).not.toBeNull();
      await world.sut.stop();
      expect(world.sut.leaseFor(new Date())).toBeNull();
    });
  });
});
