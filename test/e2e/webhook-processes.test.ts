import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/adapters/mikro-orm/database.js';
import { TimeSortableIdGenerator } from '../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { SystemClock } from '../../src/adapters/system/system-clock.js';
import type { Repositories } from '../../src/application/ports/repositories.js';
import { WebhookDispatcher } from '../../src/application/webhooks/webhook-dispatcher.js';
import { queueWebhookEvent } from '../../src/application/webhooks/outbox.js';
import type { Webhook } from '../../src/domain/webhook.js';
import type { WebhookDelivery } from '../../src/domain/webhook-delivery.js';
import { startDispatcherProcess, type DispatcherProcess } from '../support/dispatcher-process.js';
import { anSmsEvent, eventEncoder } from '../support/outbound-events.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { startServerProcess } from '../support/server-process.js';
import { aWebhook } from '../support/builders.js';
import { eventually } from '../support/eventually.js';
import { hasValidSignature, startReceiver, type Answer, type Receiver } from '../support/webhook-receiver.js';
import { aMigratedDataDir } from '../support/pglite-template.js';

const ids = new TimeSortableIdGenerator();
const clock = new SystemClock();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const inTx = async <A>(database: Database, work: (tx: Repositories) => Promise<A>): Promise<A> => {
  const result = await database.uow.transaction(async (tx) => E.right(await work(tx)));
  if (E.isLeft(result)) throw new Error('unexpected Left');
  return result.right;
};

const aReceiver = async (answer: (index: number) => Answer): Promise<Receiver> => {
  const receiver = await startReceiver((_, index) => answer(index));
  cleanups.push(() => receiver.close());
  return receiver;
};

const aDataDir = async () => {
  const dir = await aMigratedDataDir('switchboard-webhooks-');
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

const dispatcherProcess = async (env: Record<string, string>): Promise<DispatcherProcess> => {
  const started = await startDispatcherProcess(env);
  cleanups.push(() => started.kill());
  return started;
};

const queue = (tx: Repositories, webhook: Webhook, n: number) =>
  queueWebhookEvent(tx, { ids, clock, eventEncoder }, webhook, anSmsEvent({ messageId: `msg_${n}`, message: `event ${n}` }));

/** Opens the embedded database, runs `work`, and closes it again (one process owns PGlite at a time). */
const withPglite = async <A>(dataDir: string, work: (database: Database) => Promise<A>): Promise<A> => {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
};

describe(WebhookDispatcher.name, () => {
  describe('across restarts (embedded database)', () => {
    it('delivers what was queued while nothing ran, once the server starts', async () => {
      const dataDir = await aDataDir();
      const receiver = await aReceiver(() => 200);
      const webhook = aWebhook({ url: receiver.url });
      const delivery = await withPglite(dataDir, (db) =>
        inTx(db, async (tx) => {
          await tx.webhooks.save(webhook);
          return queue(tx, webhook, 1);
        }),
      );

      const server = await startServerProcess({ DATA_DIR: dataDir });
      cleanups.push(() => server.stop());
      await eventually(() => receiver.succeeded.size === 1, { what: 'the delivery', within: 15_000 });
      await server.stop();

      expect(receiver.received.map((r) => r.id)).toEqual([delivery.id]);
      expect(hasValidSignature(webhook.secret, receiver.received[0]!)).toBe(true);
      const stored = await withPglite(dataDir, (db) =>
        inTx(db, async (tx) => ({
          delivery: await tx.deliveries.findById(webhook.projectId, delivery.id),
          attempts: await tx.deliveries.listAttempts(delivery.id),
        })),
      );
      expect(stored.delivery).toMatchObject({ status: 'success', attemptCount: 1, httpStatus: 200 });
      expect(stored.attempts).toHaveLength(1);
    }, 90_000);

    it('sends again, once, after a dispatcher was killed in the middle of a send', async () => {
      const dataDir = await aDataDir();
      // The first request never gets an answer: its sender is killed while waiting for it.
      const receiver = await aReceiver((index) => (index === 0 ? 'hang' : 200));
      const webhook = aWebhook({ url: receiver.url });
      const delivery = await withPglite(dataDir, (db) =>
        inTx(db, async (tx) => {
          await tx.webhooks.save(webhook);
          return queue(tx, webhook, 1);
        }),
      );
      const env = { DATA_DIR: dataDir, LEASE_MS: '2000', EVENT_TIMEOUT_MS: '1500', POLL_MS: '100', LOG_LEVEL: 'info' };

      const first = await dispatcherProcess(env);
      await eventually(() => receiver.received.length === 1, { what: 'the first send', within: 15_000 });
      await first.kill();
      const second = await dispatcherProcess(env);
      await eventually(() => receiver.succeeded.size === 1, { what: 'the delivery after the restart', within: 15_000 });
      await second.stop();

      expect(receiver.received.map((r) => r.id)).toEqual([delivery.id, delivery.id]);
      expect(receiver.succeeded.get(delivery.id)).toBe(1);
      expect(second.lines('webhook delivered')).toHaveLength(1);
      const stored = await withPglite(dataDir, (db) =>
        inTx(db, async (tx) => ({
          delivery: await tx.deliveries.findById(webhook.projectId, delivery.id),
          attempts: await tx.deliveries.listAttempts(delivery.id),
        })),
      );
      expect(stored.delivery).toMatchObject({ status: 'success', attemptCount: 1 });
      expect(stored.attempts.map((a) => [a.attempt, a.httpStatus])).toEqual([[1, 200]]);
    }, 90_000);
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  describe.skipIf(!serverUrl)('several processes on one PostgreSQL', () => {
    it('deliver 1,000 events with none lost and none attempted twice', async () => {
      const scratch = await createScratchDatabase(serverUrl!, 'sb_test');
      cleanups.push(() => scratch.drop());
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
      cleanups.push(() => database.close());
      const receiver = await aReceiver(() => 200);
      const webhook = aWebhook({ url: receiver.url });
      await inTx(database, (tx) => tx.webhooks.save(webhook));

      const env = { DATABASE_URL: scratch.url, POLL_MS: '20', LOG_LEVEL: 'info' };
      const workers = await Promise.all([dispatcherProcess(env), dispatcherProcess(env)]);
      const queued: WebhookDelivery[] = [];
      for (let batch = 0; batch < 10; batch++) {
        queued.push(
          ...(await inTx(database, async (tx) => {
            const rows: WebhookDelivery[] = [];
            for (let i = 0; i < 100; i++) rows.push(await queue(tx, webhook, batch * 100 + i));
            return rows;
          })),
        );
      }
      await eventually(() => receiver.succeeded.size === 1000, { what: '1,000 deliveries', within: 60_000 });
      await Promise.all(workers.map((w) => w.stop()));

      const requested = receiver.received.map((r) => r.id);
      expect(requested).toHaveLength(1000);
      expect(new Set(requested)).toEqual(new Set(queued.map((d) => d.id)));
      expect(receiver.received.every((r) => hasValidSignature(webhook.secret, r))).toBe(true);
      const perWorker = workers.map((w) => w.lines('webhook delivered').length);
      expect(perWorker.every((n) => n > 0)).toBe(true);
      expect(perWorker[0]! + perWorker[1]!).toBe(1000);
      const [row] = await database.orm.em.fork().execute(
        `select (select count(*) from webhook_delivery_attempts) as attempts,
                (select count(*) from webhook_deliveries where status = 'success' and attempt_count = 1) as delivered`,
      );
      expect({ attempts: Number(row!.attempts), delivered: Number(row!.delivered) }).toEqual({ attempts: 1000, delivered: 1000 });
    }, 120_000);
  });
});
