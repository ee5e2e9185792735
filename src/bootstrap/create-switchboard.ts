import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { UseCases } from '../application/use-cases/index.js';
import { startCore, type RunningCore } from './composition/compose.js';
import type { SwitchboardOptions } from './composition/options.js';
import { overridesOf } from './composition/overrides.js';
import { settingsOf } from './composition/settings.js';
import type { SwitchboardConfig } from './config.js';
import type { VoiceRuntime } from './voice-runtime.js';
import type { SwitchboardMetrics } from './metrics.js';

export { ConfigError } from './config.js';
export type { PortBinding, Rebind, SwitchboardOptions } from './composition/options.js';
export type { SwitchboardMetrics } from './metrics.js';

/** One running core: handlers for a host server, and its lifecycle. */
export interface Switchboard {
  readonly config: SwitchboardConfig;
  /** Fetch-style handler: `(Request) => Response`. Starts the core on first use. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Node `http` request listener. Starts the core on first use. */
  readonly requestListener: (request: IncomingMessage, response: ServerResponse) => void;
  /**
   * Node `upgrade` handler for Switchboard's WebSockets (ConversationRelay at `/twilio/relay`,
   * simulated web calls at `/simulated/web-call`). Starts the core on first use. Resolves
   * false, leaving the socket alone, when the upgrade is not Switchboard's. The standalone
   * server wires it; an embedding host calls it from its own server's `upgrade` event.
   */
  readonly handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<boolean>;
  /** Builds the core in its own container, opens storage (running migrations) and starts its workers. Idempotent. */
  start(): Promise<void>;
  /** Every use case, by area (`useCases().calls.placeOutboundCall`), for embedders who call the core directly. Available after start(). */
  useCases(): UseCases;
  /** Live calls, the call use cases and the simulated carrier's calls. Available after start(). */
  voice(): VoiceRuntime;
  /**
   * The bearer token of `{base}/admin/graphql`: ADMIN_TOKEN, else generated (per instance with
   * memory storage; kept in DATA_DIR/admin-token otherwise). Available after start().
   */
  adminToken(): string;
  /**
   * The Prometheus figures (prom-client's registry, a scrape, a handler to mount), kept when
   * METRICS_TOKEN or METRICS_PORT is set or `metricsRegistry` was given; else null. Available after start().
   */
  metrics(): SwitchboardMetrics | null;
  /**
   * Resolves once the hosted agents' replies to texts received so far are sent or given up:
   * they run after the text is stored, off the carrier's request. For hosts' tests and tools.
   */
  settled(): Promise<void>;
  /**
   * Stops taking calls (`GET /health` says the node is draining) and hands each live call to
   * another node behind PUBLIC_URL, or waits for it up to DRAIN_TIMEOUT and then ends it.
   * close() does it first; a host calls it itself to drain before it closes its own server.
   */
  drain(): Promise<void>;
  /** Drains, then stops exactly what start() started, in reverse order: no timer, socket or connection is left. */
  close(): Promise<void>;
}

/**
 * Builds a Switchboard: a thin handle on a core that `start()` composes (one container per
 * instance, see `src/bootstrap/composition`). Never listens: the host (or the standalone server) does.
 */
export const createSwitchboard = (options: SwitchboardOptions = {}): Switchboard => {
  const settings = settingsOf(options);
  const override = overridesOf(options);
  let starting: Promise<RunningCore> | null = null;
  let running: RunningCore | null = null;

  const start = async (): Promise<void> => {
    // The core's test runs play on Switchboards of their own, made as this one was.
    starting ??= startCore(settings, override, createSwitchboard).then(
      (core) => (running = core),
      (error: unknown) => {
        starting = null;
        throw error;
      },
    );
    await starting;
  };
  const started = (): RunningCore => {
    if (!running) throw new Error('Switchboard is not started: await start() first');
    return running;
  };

  // `env` carries the Node socket when served by requestListener (the client IP of sign-up limits).
  const handle = async (request: Request, env?: object): Promise<Response> => {
    await start();
    return started().app.fetch(request, env);
  };

  const listener = getRequestListener(handle);
  return {
    config: settings.config,
    fetch: (request) => handle(request),
    requestListener: (request, response) => {
      // The health check polled hard skips the Fetch API and the middleware (see healthFastPath).
      if (running?.nodeFastPath(request, response)) return;
      listener(request, response);
    },
    start,
    useCases: () => started().useCases,
    voice: () => started().voice,
    adminToken: () => started().adminToken,
    metrics: () => started().metrics,
    handleUpgrade: async (request, socket, head) => {
      await start();
      return started().voice.handleUpgrade(request, socket, head);
    },
    settled: async () => {
      await running?.settled();
    },
    drain: async () => {
      await running?.drain();
    },
    close: async () => {
      const core = await starting?.catch(() => null);
      await core?.drain();
      starting = null;
      running = null;
      await core?.stop();
    },
  };
};
