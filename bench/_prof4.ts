import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import { WebhookDeliverySchema } from '../src/adapters/mikro-orm/entities/webhook-delivery.js';
const database = await openDatabase({ dataDir: await mkdtemp(join(tmpdir(), 'prof-')) });
const N = 2000;
let k = 0;
const row = () => ({ id: `whd_${k++}`, projectId: 'p', webhookId: 'w', agentId: null, eventType: 'agent.message', channel: 'sms', messageId: null, callId: null, body: '{"x":1}', status: 'pending', attemptCount: 0, httpStatus: null, errorMessage: null, responseBody: null, lastAttemptAt: null, nextRetryAt: new Date(), lockedUntil: null, createdAt: new Date() });
const time = async (label: string, f: (em: any) => Promise<unknown>) => {
  const t = performance.now();
  await database.orm.em.fork().transactional(async (em) => { for (let i = 0; i < N; i++) await f(em); });
  console.log(label.padEnd(20), ((performance.now() - t) / N * 1000).toFixed(0), 'us each');
};
await time('qb insert', (em) => em.createQueryBuilder(WebhookDeliverySchema).insert(row()).execute());
await time('raw insert', (em) => { const r = row(); return em.execute('insert into webhook_deliveries (id, project_id, webhook_id, agent_id, event_type, channel, message_id, call_id, body, status, attempt_count, http_status, error_message, response_body, last_attempt_at, next_retry_at, locked_until, created_at) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)', [r.id, r.projectId, r.webhookId, r.agentId, r.eventType, r.channel, r.messageId, r.callId, r.body, r.status, r.attemptCount, r.httpStatus, r.errorMessage, r.responseBody, r.lastAttemptAt, r.nextRetryAt, r.lockedUntil, r.createdAt]); });
await time('select 1', (em) => em.execute('select 1'));
await database.close();
