import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import * as E from 'fp-ts/lib/Either.js';
import { Hono } from 'hono';
import type { Clock } from '../application/ports/clock.js';
import type { Logger } from '../application/ports/logger.js';
import type { Mailer } from '../application/ports/mailer.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { RateLimiter } from '../application/ports/rate-limiter.js';
import type { BillingClock } from '../application/services/billing-clock.js';
import type { SignUpSweeper } from '../application/services/sign-up-sweeper.js';
import type { LanguageModel } from '../application/ports/language-model.js';
import type { HostedSmsResponder } from '../application/services/hosted-sms-responder.js';
import type { NumberWebhooks, Telephony } from '../application/ports/telephony.js';
import type { WebhookDispatcher } from '../application/services/webhook-dispatcher.js';
import type { UseCases } from '../application/use-cases/index.js';
import { createPinoLogger } from '../adapters/pino/pino-logger.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { bodyLimit } from '../adapters/rest/body-limit.js';
import { twilioSmsRoutes } from '../adapters/twilio/twilio-sms-routes.js';
import { loadConfig, type SwitchboardConfig } from './config.js';
import { mountAdminConsole } from './admin-console.js';
import { resolveAdminToken } from './admin-token.js';
import { buildContainer } from './container.js';
import { chooseLanguageModel } from './language-model.js';
import { chooseMailer, openRateLimiter, type OpenedRateLimiter } from './sign-up-and-billing.js';
import { openStorage, type OpenedStorage, type StorageChoice } from './storage.js';
import { chooseTelephony } from './telephony.js';
import { TOKENS } from './tokens.js';
import type { VoiceRuntime } from './voice.js';

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
  /** Your own storage (e.g. an InMemoryUnitOfWork a test inspects); wins over `storage`. Not closed by close(). */
  readonly unitOfWork?: UnitOfWork;
  /** Sends sign-up codes; default: SMTP when SMTP_URL is set (unless MAILER=console), else the log. */
  readonly mailer?: Mailer;
  /** Counts rate limits; default: PostgreSQL with DATABASE_URL, else process memory. */
  readonly rateLimiter?: RateLimiter;
  /** Answers for hosted agents (e.g. a ScriptedLanguageModel); default: the OpenAI-compatible server of LLM_BASE_URL, if set. */
  readonly languageModel?: LanguageModel;
}

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
  /** Opens storage (running migrations) and wires the core. Idempotent. */
  start(): Promise<void>;
  /** The use cases, for embedders who call the core directly. Available after start(). */
  useCases(): UseCases;
  /** Live calls, the call use cases and the simulated carrier's calls. Available after start(). */
  voice(): VoiceRuntime;
  /**
   * The bearer token of `{base}/admin/graphql`: ADMIN_TOKEN, else generated (per instance with
   * memory storage; kept in DATA_DIR/admin-token otherwise). Available after start().
   */
  adminToken(): string;
  /**
   * Resolves once the hosted agents' replies to texts received so far are sent or given up:
   * they run after the text is stored, off the carrier's request. For hosts' tests and tools.
   */
  settled(): Promise<void>;
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
  let voice: VoiceRuntime | null = null;
  let dispatcher: WebhookDispatcher | null = null;
  let billing: BillingClock | null = null;
  let signUpSweeper: SignUpSweeper | null = null;
  let hostedSms: HostedSmsResponder | null = null;
  let limits: OpenedRateLimiter | null = null;
  let starting: Promise<void> | null = null;
  let adminToken: string | null = null;

  const open = async () => {
    storage = options.unitOfWork
      ? { uow: options.unitOfWork, description: 'custom', close: async () => {} }
      : await openStorage(storageChoice, config, logger);
    limits = options.rateLimiter
      ? { limiter: options.rateLimiter, description: 'custom', close: async () => {} }
      : await openRateLimiter(config, storageChoice);
    const { twilio } = config;
    const telephony = options.telephony ?? chooseTelephony(config, storageChoice, logger);
    const container = buildContainer({
      config,
      logger,
      uow: storage.uow,
      telephony,
      clock: options.clock ?? new SystemClock(),
      numberWebhooks,
      publicUrl,
      smsStatusUrl: `${publicUrl}/twilio/sms/status`,
      languageModel: options.languageModel ?? chooseLanguageModel(config),
      mailer: options.mailer ?? chooseMailer(config, logger),
      rateLimiter: limits.limiter,
    });
    useCases = container.get<UseCases>(TOKENS.useCases);
    dispatcher = container.get<WebhookDispatcher>(TOKENS.webhookDispatcher);
    dispatcher.start();
    billing = container.get<BillingClock>(TOKENS.billingClock);
    hostedSms = container.get<HostedSmsResponder>(TOKENS.hostedSms);
    billing.start();
    signUpSweeper = container.get<SignUpSweeper>(TOKENS.signUpSweeper);
    signUpSweeper.start();
    voice = container.get<VoiceRuntime>(TOKENS.voice);
    voice.unconnectedWebCalls.start();
    const root = new Hono();
    root.use('*', bodyLimit(config.bodyLimit));
    // Before the REST API, whose catch-all answers every path it does not know.
    if (twilio) root.route(basePath || '/', twilioSmsRoutes({ useCases, authToken: twilio.authToken, publicUrl, logger }));
    if (voice.twilioRoutes) root.route(basePath || '/', voice.twilioRoutes);
    adminToken ??= await resolveAdminToken(config, options.unitOfWork ? 'memory' : storageChoice, logger);
    mountAdminConsole(root, container, { basePath, adminToken, logger });
    root.route(basePath || '/', container.get<Hono>(TOKENS.restApi));
    app = root;
    logger.info({ storage: storage.description, publicUrl, carrier: options.telephony ? 'custom' : twilio ? 'twilio' : 'simulated' }, 'switchboard ready');
  };

  const start = () => {
    starting ??= open().catch((error) => {
      starting = null;
      throw error;
    });
    return starting;
  };

  // `env` carries the Node socket when served by requestListener (the client IP of sign-up limits).
  const handle = async (request: Request, env?: object): Promise<Response> => {
    await start();
    return app!.fetch(request, env);
  };
  const fetch = (request: Request): Promise<Response> => handle(request);

  return {
    config,
    fetch,
    requestListener: getRequestListener(handle),
    start,
    useCases: () => {
      if (!useCases) throw new Error('Switchboard is not started: await start() first');
      return useCases;
    },
    handleUpgrade: async (request, socket, head) => {
      await start();
      return voice!.handleUpgrade(request, socket, head);
    },
    voice: () => {
      if (!voice) throw new Error('Switchboard is not started: await start() first');
      return voice;
    },
    adminToken: () => {
      if (!adminToken) throw new Error('Switchboard is not started: await start() first');
      return adminToken;
    },
    settled: async () => {
      await hostedSms?.settled();
    },
    close: async () => {
      await starting?.catch(() => undefined);
      await voice?.close();
      voice = null;
      await dispatcher?.stop();
      dispatcher = null;
      await billing?.stop();
      billing = null;
      await signUpSweeper?.stop();
      signUpSweeper = null;
      await hostedSms?.close();
      hostedSms = null;
      await storage?.close();
      storage = null;
      await limits?.close();
      limits = null;
      starting = null;
    },
  };
};
