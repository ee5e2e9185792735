import type { IncomingMessage, ServerResponse } from 'node:http';
import { Container } from 'inversify';
import type { Hono } from 'hono';
import type { UseCases } from '../../application/use-cases/index.js';
import { isConnectionFailure } from '../../adapters/mikro-orm/connection-failures.js';
import { DatabaseUrlError } from '../database-url-errors.js';
import { startupWarnings } from '../startup-warnings.js';
import type { VoiceRuntime } from '../voice-runtime.js';
import type { SwitchboardMetrics } from '../metrics.js';
import { adminModule } from './admin-module.js';
import { carrierOf } from './carrier-kind.js';
import { carrierModule } from './carrier-module.js';
import { coreModule } from './core-module.js';
import type { CoreSettings } from './core-settings.js';
import { hostedModelModule } from './hosted-model-module.js';
import { httpModule } from './http-module.js';
import { Lifecycle } from './lifecycle.js';
import { mcpModule } from './mcp-module.js';
import { messagingAndWebhooksModule } from './messaging-and-webhooks-module.js';
import { metricsModule } from './metrics-module.js';
import type { Rebind, SwitchboardOptions } from './options.js';
import { overridesOf } from './overrides.js';
import { projectsAndAgentsModule } from './projects-and-agents-module.js';
import { knowledgeModule } from './knowledge-module.js';
import { agentTestsModule } from './agent-tests-module.js';
import type { SwitchboardMaker } from '../testing/stage-switchboard.js';
import { registryModule } from './registry-module.js';
import { settingsOf } from './settings.js';
import { signUpAndMailModule } from './sign-up-and-mail-module.js';
import { storageModule } from './storage-module.js';
import { TOKENS, type Token } from './tokens.js';
import { voiceModule } from './voice-module.js';
import { campaignsModule } from './campaigns-module.js';
import { voiceSocketsModule } from './voice-sockets.js';
import { workersModule } from './workers-module.js';

/** One started core: what the facade hands out, and how to stop it. */
export interface RunningCore {
  readonly app: Hono;
  /** Answers `GET /health` on the Node request while a fresh probe says healthy (true); false: ask `app`. */
  readonly nodeFastPath: (request: IncomingMessage, response: ServerResponse) => boolean;
  readonly useCases: UseCases;
  readonly voice: VoiceRuntime;
  readonly adminToken: string;
  /** The Prometheus figures; null when none are kept. */
  readonly metrics: SwitchboardMetrics | null;
  /** Resolves once the hosted agents' replies to texts received so far are sent or given up. */
  settled(): Promise<void>;
  /** Stops taking calls and hands the live ones to other nodes (see CallDrain); stop() then ends the rest. */
  drain(): Promise<void>;
  /** Stops every worker the start started, newest first: storage last. */
  stop(): Promise<void>;
}

/** A new container with every area's bindings, then the host's rebinds, and this core's lifecycle. */
const containerFor = (settings: CoreSettings, override: (rebind: Rebind) => void, makeSwitchboard: SwitchboardMaker | null = null): { container: Container; lifecycle: Lifecycle } => {
  const container = new Container({ defaultScope: 'Singleton' });
  const lifecycle = new Lifecycle();
  container.bind(TOKENS.settings).toConstantValue(settings);
  container.bind(TOKENS.lifecycle).toConstantValue(lifecycle);
  container.load(
    coreModule(),
    storageModule(),
    metricsModule(),
    carrierModule(),
    messagingAndWebhooksModule(),
    projectsAndAgentsModule(),
    knowledgeModule(),
    agentTestsModule(makeSwitchboard),
    signUpAndMailModule(),
    hostedModelModule(),
    voiceModule(),
    campaignsModule(),
    voiceSocketsModule(),
    adminModule(),
    workersModule(),
    registryModule(),
    mcpModule(),
    httpModule(),
  );
  override((token) => ({
    toConstantValue: (value) => void container.rebind(token).toConstantValue(value),
    toResolvedValue: (factory, deps) => void container.rebind(token).toResolvedValue(factory as (...values: unknown[]) => never, [...deps]),
  }));
  return { container, lifecycle };
};

const resolve = <T>(container: Container, token: Token<T>): Promise<T> => container.getAsync<T>(token);

/**
 * Builds one core in its own container and starts it: storage and the rate limiter open as
 * they are built, then every worker starts in the order it was built. A failure on the way
 * stops whatever had started, so a failed start leaves nothing running.
 */
export const startCore = async (settings: CoreSettings, override: (rebind: Rebind) => void, makeSwitchboard: SwitchboardMaker | null = null): Promise<RunningCore> => {
  const { container, lifecycle } = containerFor(settings, override, makeSwitchboard);
  try {
    const app = await resolve(container, TOKENS.httpApp);
    const nodeFastPath = await resolve(container, TOKENS.nodeFastPath);
    const useCases = await resolve(container, TOKENS.useCases);
    const voice = await resolve(container, TOKENS.voiceRuntime);
    const adminToken = await resolve(container, TOKENS.adminToken);
    const metrics = await resolve(container, TOKENS.metrics);
    const hostedReplies = await resolve(container, TOKENS.hostedReplies);
    const callDrain = await resolve(container, TOKENS.callDrain);
    await resolve(container, TOKENS.billingClock);
    await resolve(container, TOKENS.signUpSweeper);
    await resolve(container, TOKENS.outboundTextSender);
    await lifecycle.start();
    const logger = await resolve(container, TOKENS.logger);
    const telephony = await resolve(container, TOKENS.telephony);
    for (const { setting, message } of startupWarnings(settings.config, settings.publicUrl)) logger.warn({ setting }, message);
    logger.info({ publicUrl: settings.publicUrl, carrier: carrierOf(telephony), workers: lifecycle.running() }, 'switchboard ready');
    return { app, nodeFastPath, useCases, voice, adminToken, metrics, settled: () => hostedReplies.settled(), drain: () => callDrain.drain(), stop: () => lifecycle.stop() };
  } catch (error) {
    // The start's own failure is the one to report; what stopping met on the way is secondary.
    await lifecycle.stop().catch(() => undefined);
    // Whichever part met the database first (storage, rate limits, the event bus), the setting is named.
    const { databaseUrl } = settings.config;
    throw databaseUrl && isConnectionFailure(error) && !(error instanceof DatabaseUrlError) ? new DatabaseUrlError(databaseUrl, error) : error;
  }
};

/**
 * The use cases of a Switchboard built from `options` on memory storage, with nothing started
 * (no dispatcher, no sweeps): for testing a driving adapter against the real use cases. It
 * opens nothing, so there is nothing to close.
 */
export const useCasesOf = (options: Omit<SwitchboardOptions, 'storage'> = {}): Promise<UseCases> => {
  const memory: SwitchboardOptions = { ...options, storage: 'memory' };
  return resolve(containerFor(settingsOf(memory), overridesOf(memory)).container, TOKENS.useCases);
};
