import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPinoLogger } from '../../src/adapters/pino/pino-logger.js';
import { createSwitchboard } from '../../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../../src/domain/e164.js';
import { trustMailbox } from '../../src/domain/mailbox.js';
import { seedRestProject, type SeedCounts } from './rest-seed.js';

export const listen = async (listener: RequestListener): Promise<{ server: Server; url: string }> => {
  const server = createServer(listener);
  // Keep-alive as long as the runs: autocannon reuses its connections.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

export const closeServer = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

/**
 * A seeded Switchboard on its own store (PostgreSQL at `databaseUrl`, else PGlite in a temporary
 * folder) and server, configured by `env` (the standard OTEL_* variables among them).
 */
export const aServedRestSwitchboard = async (env: NodeJS.ProcessEnv, databaseUrl: string | undefined, counts: SeedCounts) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-rest-'));
  // The standalone server's logger (asynchronous writes), into /dev/null.
  const logger = createPinoLogger({ level: env.LOG_LEVEL ?? 'info', file: '/dev/null', pretty: false });
  const sb = createSwitchboard({
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      // Given, so that no generated admin token is announced in the output.
      ADMIN_TOKEN: env.ADMIN_TOKEN ?? 'bench-admin-token-not-used-0123456789',
      SIGNUP_CREDIT: '100.00',
    },
    // The limiter still counts every request; its limit is raised so that it never refuses one here.
    config: { rateLimit: { points: 1_000_000_000, durationSeconds: 1 } },
    logger,
  });
  await sb.start();
  const seeded = await seedRestProject(sb, { trustMailbox, trustE164 }, counts, 'bench');
  const served = await listen(sb.requestListener);
  return {
    ...seeded,
    url: served.url,
    close: async () => {
      await closeServer(served.server);
      await sb.close();
      await logger.flush();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
