import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import * as E from 'fp-ts/lib/Either.js';
import { Hono } from 'hono';
import type { Clock } from '../application/ports/clock.js';
import type { Logger } from '../application/ports/logger.js';
import type { NumberWebhooks, Telephony } from '../application/ports/telephony.js';
import type { UseCases } from '../application/use-cases/index.js';
import { createPinoLogger } from '../adapters/pino/pino-logger.js';
import { SimulatedTelephony } from '../adapters/simulated/simulated-telephony.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { loadConfig, type SwitchboardConfig } from './config.js';
import { buildContainer } from './container.js';
import { openStorage, type OpenedStorage, type StorageChoice } from './storage.js';
import { TOKENS } from './tokens.js';

export interface SwitchboardOptions {
  /** Read instead of `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Settings that win over the environment. */
  readonly config?: Partial<SwitchboardConfig>;
  /** `database` (default): PostgreSQL or embedded PGlite. `memory`: nothing persists. */
  readonly storage?: StorageChoice;
  /** Where the host mounts Switchboard, e.g. `/switchboard`. */
  readonly basePath?: string;
  readonly telephony?: Telephony;
  readonly clock?: Clock;
  readonly logger?: Logger;
}

/** One running core: handlers for a host server, and its lifecycle. */
export interface Switchboard {
  readonly config: SwitchboardConfig;
  /** Fetch-style handler: `(Request) => Response`. Starts the core on first use. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Node `http` request listener. Starts the core on first use. */
  readonly requestListener: (request: IncomingMessage, response: ServerResponse) => void;
  /** Opens storage (running migrations) and wires the core. Idempotent. */
  start(): Promise<void>;
  /** The use cases, for embedders who call the core directly. Available after start(). */
  useCases(): UseCases;
  close(): Promise<void>;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const trimSlashes = (path: string) => path.replace(/\/+$/, '');

/** Builds a Switchboard. Never listens: the host (or the standalone server) does. */
export const createSwitchboard = (options: SwitchboardOptions = {}): Switchboard => {
  const loaded = loadConfig(options.env ?? process.env);
  if (E.isLeft(loaded)) throw new ConfigError(loaded.left);
  const config: SwitchboardConfig = { ...loaded.right, ...options.config };
  const basePath = trimSlashes(options.basePath ?? '');
  const logger = options.logger ?? createPinoLogger({ level: config.logLevel });
  const publicUrl = trimSlashes(config.publicUrl ?? `http://${config.host}:${config.port}${basePath}`);
  const numberWebhooks: NumberWebhooks = {
    smsUrl: `${publicUrl}/twilio/sms`,
    voiceUrl: `${publicUrl}/twilio/voice`,
    voiceStatusUrl: `${publicUrl}/twilio/voice/status`,
  };
  const storageChoice = options.storage ?? 'database';

  let storage: OpenedStorage | null = null;
  let app: Hono | null = null;
  let useCases: UseCases | null = null;
  let starting: Promise<void> | null = null;

  const open = async () => {
    storage = await openStorage(storageChoice, config, logger);
    const telephony =
      options.telephony ??
      new SimulatedTelephony(storageChoice === 'database' ? { stateFile: join(config.dataDir, 'simulated-carrier.json') } : {});
    const container = buildContainer({
      config,
      logger,
      uow: storage.uow,
      telephony,
      clock: options.clock ?? new SystemClock(),
      numberWebhooks,
    });
    useCases = container.get<UseCases>(TOKENS.useCases);
    const root = new Hono();
    root.route(basePath || '/', container.get<Hono>(TOKENS.restApi));
    app = root;
    logger.info({ storage: storage.description, publicUrl, carrier: options.telephony ? 'custom' : 'simulated' }, 'switchboard ready');
  };

  const start = () => {
    starting ??= open().catch((error) => {
      starting = null;
      throw error;
    });
    return starting;
  };

  const fetch = async (request: Request): Promise<Response> => {
    await start();
    return app!.fetch(request);
  };

  return {
    config,
    fetch,
    requestListener: getRequestListener(fetch),
    start,
    useCases: () => {
      if (!useCases) throw new Error('Switchboard is not started: await start() first');
      return useCases;
    },
    close: async () => {
      await starting?.catch(() => undefined);
      await storage?.close();
      storage = null;
      starting = null;
    },
  };
};
