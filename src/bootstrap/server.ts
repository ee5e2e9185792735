import type { Duplex } from 'node:stream';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { getRequestListener } from '@hono/node-server';
import { createPinoLogger } from '../adapters/pino/pino-logger.js';
import { metricsRoutes } from '../adapters/rest/metrics-routes.js';
import { adminTokenLocation } from './admin-token.js';
import { hostInUrl } from './composition/settings.js';
import { loadConfig, type SwitchboardConfig } from './config.js';
import { ConfigError, createSwitchboard, type Switchboard } from './create-switchboard.js';
import { NO_LANGUAGE_MODEL } from './language-model.js';
import { startupWarnings } from './startup-warnings.js';

export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  readonly switchboard: Switchboard;
  /** `METRICS_PORT`'s listener, `http://HOST:METRICS_PORT/metrics`; null without one. */
  readonly metricsUrl: string | null;
  /** What to tell the operator once it runs: where to go, and where the admin token is kept. */
  readonly banner: string;
  stop(): Promise<void>;
}

/**
 * Said on stdout at every start; the structured log says the rest, the warnings included, which
 * are repeated here so that they are not lost among the log lines.
 */
const bannerOf = (url: string, tokenAt: string, warnings: readonly string[]): string =>
  [
    `Switchboard is running at ${url}`,
    `  Start here:     ${url}/`,
    `  Playground:     ${url}/playground`,
    `  Admin console:  ${url}/admin/graphql   (admin token: ${tokenAt})`,
    ...warnings.map((warning) => `  Warning: ${warning}`),
    '',
  ].join('\n');

/**
 * `METRICS_PORT`: `/metrics` on a listener of its own (METRICS_TOKEN still asked for when set),
 * so the scraper's port can stay inside the operator's network while the main one faces Twilio.
 */
const listenForMetrics = async (config: SwitchboardConfig, switchboard: Switchboard): Promise<Server | null> => {
  const metrics = switchboard.metrics();
  if (config.metrics.port === null || !metrics) return null;
  const routes = metricsRoutes({ scrape: metrics.scrape, token: config.metrics.token, failures: null });
  const server = createServer(getRequestListener((request) => routes.fetch(request)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.metrics.port, host: config.host }, () => resolve());
  });
  return server;
};

/**
 * The standalone server: REST (and later the carrier's webhooks, WebSockets and the admin
 * console) on one Node `http.Server`. Listens first so that `PORT=0` can pick a free port,
 * then opens storage; a failure to open (a locked DATA_DIR, say) closes the listener again.
 */
export const startServer = async (
  env: Readonly<Record<string, string | undefined>> = process.env,
  /** Where the log's lines go: stdout unless said. */
  options: { readonly logTo?: NodeJS.WritableStream } = {},
): Promise<RunningServer> => {
  const loaded = loadConfig(env);
  if (E.isLeft(loaded)) throw new ConfigError(loaded.left);
  const config = loaded.right;
  let switchboard: Switchboard | null = null;
  const server = createServer((request, response) => {
    if (switchboard) return switchboard.requestListener(request, response);
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    response.end(JSON.stringify({ error: { message: 'starting', code: 'SERVICE_UNAVAILABLE', type: 'server_error' } }));
  });
  // WebSockets (ConversationRelay, simulated web calls); any other upgrade is refused.
  // Upgraded sockets leave the server's own bookkeeping: kept here, so that stop() can end them.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (request, socket, head) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    const taken = switchboard ? switchboard.handleUpgrade(request, socket, head) : Promise.resolve(false);
    void taken.then(
      (ok) => ok || socket.destroy(),
      () => socket.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A backlog for a burst of calls ringing at once (Node's default, 511, refuses the rest;
    // the kernel still caps it at net.core.somaxconn).
    server.listen({ port: config.port, host: config.host, backlog: 4096 }, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${hostInUrl(config.host)}:${port}`;
  const logger = createPinoLogger({ level: config.logLevel, ...(options.logTo ? { destination: options.logTo } : {}) });
  // PUBLIC_URL, when unset, is derived from the port listened on (see settingsOf), and warned about with Twilio.
  const candidate = createSwitchboard({ env, logger, config: { port } });
  try {
    await candidate.start();
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  let metricsServer: Server | null = null;
  try {
    metricsServer = await listenForMetrics(config, candidate);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    await candidate.close();
    throw error;
  }
  const metricsUrl = metricsServer ? `http://${hostInUrl(config.host)}:${(metricsServer.address() as AddressInfo).port}/metrics` : null;
  switchboard = candidate;
  logger.info({ url }, `Switchboard listening on ${url}`);
  if (metricsUrl) logger.info({ metricsUrl }, `Prometheus metrics at ${metricsUrl}`);
  if (!config.llm) logger.warn({ setting: 'LLM_BASE_URL' }, NO_LANGUAGE_MODEL);
  const stop = async () => {
    // Live calls first go to other nodes, while their sockets and this node's requests still work.
    await candidate.drain();
    server.closeAllConnections?.();
    for (const socket of upgraded) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
    await candidate.close();
    await logger.flush(); // lines are written asynchronously
  };
  const warnings = startupWarnings(config, url).map((warning) => warning.message);
  return { url, server, switchboard: candidate, metricsUrl, banner: bannerOf(url, adminTokenLocation(config, 'database'), warnings), stop };
};
