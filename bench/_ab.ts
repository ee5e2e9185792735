import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import { TimeSortableIdGenerator } from '../src/adapters/node-crypto/time-sortable-id-generator.js';
import { SystemClock } from '../src/adapters/system/system-clock.js';
import { queueWebhookEvent } from '../src/application/use-cases/webhooks/queue-webhook-event.js';
import { recordAttempt } from '../src/domain/webhook-delivery.js';
const mode = process.argv[2];
const database = await openDatabase({ dataDir: await mkdtemp(join(tmpdir(), 'ab-')) });
const em = database.orm.em.fork();
if (mode === 'ff') await em.execute('alter table webhook_deliveries set (fillfactor = 70)');
if (mode === 'partial') { await em.execute('drop index webhook_deliveries_due_index'); await em.execute(`create index webhook_deliveries_due_index on webhook_deliveries (next_retry_at) where status = 'pending'`); await em.execute('alter table webhook_deliveries set (fillfactor = 70)'); }
const ids = new TimeSortableIdGenerator(); const clock = new SystemClock();
const webhook = { id: ids.next('wh'), projectId: 'p', agentId: null, url: 'http://x', secret: 's', contextLimit: 10, timeoutSeconds: 30, createdAt: new Date(), updatedAt: new Date() };
const N = 6400, B = 64; let enq = 0, cl = 0, rec = 0;
for (let round = 0; round < N / 640; round++) {
  let t = performance.now();
  for (let b = 0; b < 640; b += 64) await database.uow.transaction(async (tx) => { for (let i = 0; i < 64; i++) await queueWebhookEvent(tx, { ids, clock }, webhook, { eventType: 'agent.message', channel: 'sms', agentId: null, messageId: null, callId: null, envelope: { data: { message: 'x'.repeat(400) } } }); return E.right(1); });
  enq += performance.now() - t;
  const claimed: any[] = [];
  t = performance.now();
  for (let b = 0; b < 640; b += B) { const r = await database.uow.transaction(async (tx) => E.right(await tx.deliveries.claimDue(new Date(), B, 60000))); if (E.isRight(r)) claimed.push(...r.right); }
  cl += performance.now() - t;
  const now = new Date();
  const recs = claimed.map((d) => ({ delivery: recordAttempt(d, { ok: true, httpStatus: 200, errorMessage: null, responseBody: '' }, [0], now), attempt: { deliveryId: d.id, attempt: 1, attemptedAt: now, httpStatus: 200, errorMessage: null, durationMs: 1 } }));
  t = performance.now();
  for (let b = 0; b < recs.length; b += B) await database.uow.transaction(async (tx) => E.right(await tx.deliveries.recordAttempts(recs.slice(b, b + B))));
  rec += performance.now() - t;
}
console.log(mode.padEnd(8), 'enqueue', (enq / N * 1000).toFixed(0), 'claim', (cl / N * 1000).toFixed(0), 'record', (rec / N * 1000).toFixed(0), 'us/delivery');
await database.close();
