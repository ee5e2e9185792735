/**
 * A webhook dispatcher on its own, as a separate process for the multi-process and restart
 * tests: `node --import tsx test/support/dispatcher-main.ts`. Storage: DATABASE_URL, else
 * PGlite in DATA_DIR. Tuning: WEBHOOK_RETRY_DELAYS, POLL_MS, LEASE_MS, EVENT_TIMEOUT_MS.
 * Logs pino JSON lines on stdout and prints `dispatcher ready` once running.
 */
import { NodeHttpWebhookTransport } from '../../src/adapters/http/node-http-webhook-transport.js';
import { OutboundGuard } from '../../src/adapters/http/outbound-guard.js';
import { openDatabase } from '../../src/adapters/mikro-orm/database.js';
import { createPinoLogger } from '../../src/adapters/pino/pino-logger.js';
import { SystemClock } from '../../src/adapters/system/system-clock.js';
import { WebhookDispatcher } from '../../src/application/webhooks/webhook-dispatcher.js';

const env = process.env;
const number = (name: string): number | undefined => (env[name] ? Number(env[name]) : undefined);

const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '.' });
const dispatcher = new WebhookDispatcher(
  {
    uow: database.uow,
    transport: new NodeHttpWebhookTransport(OutboundGuard.allowingAll()),
    clock: new SystemClock(),
    logger: createPinoLogger({ level: env.LOG_LEVEL ?? 'info', pretty: false }),
    retryDelays: (env.WEBHOOK_RETRY_DELAYS ?? '0,1,1,1,1,1').split(',').map(Number),
  },
  Object.fromEntries(
    Object.entries({
      pollIntervalMs: number('POLL_MS'),
      leaseMs: number('LEASE_MS'),
      eventTimeoutMs: number('EVENT_TIMEOUT_MS'),
    }).filter(([, value]) => value !== undefined),
  ),
);
dispatcher.start();
console.log('dispatcher ready');

const shutdown = async () => {
  await dispatcher.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
