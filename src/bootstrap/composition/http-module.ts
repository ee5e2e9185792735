import { ContainerModule } from 'inversify';
import { NO_TRACING } from '../../application/ports/tracing.js';
import { serverSpans } from '../../adapters/rest/server-spans.js';
import { Hono, type ErrorHandler } from 'hono';
import { RecentHealth } from '../../application/kernel/recent-health.js';
import { landingRoutes } from '../../adapters/landing/landing-routes.js';
import { apiKeyGuard } from '../../adapters/rest/api-key-guard.js';
import { bodyLimit } from '../../adapters/rest/body-limit.js';
import { clientNetworkResolver } from '../../adapters/rest/client-network.js';
import { corsFor } from '../../adapters/rest/cors-policy.js';
import { healthFastPath } from '../../adapters/rest/health-fast-path.js';
import { MemoizedRouter } from '../../adapters/rest/memoized-router.js';
import { createRestRoutes, restErrorHandler } from '../../adapters/rest/rest-api.js';
import { VersionedAnswers } from '../../adapters/rest/versioned-answers.js';
import { apiReferenceRoutesFor } from './api-reference.js';
import { packageVersion } from '../package-version.js';
import { carrierOf } from './carrier-kind.js';
import type { CoreSettings } from './core-settings.js';
import { provideWith } from './provide.js';
import { metricsRoutes } from '../../adapters/rest/metrics-routes.js';
import { metricsTokenFailuresOf, restRateLimitsOf } from './rate-rules.js';
import { TOKENS } from './tokens.js';

const CARRIERS = { twilio: 'Twilio', simulated: 'simulated (no real calls or texts)', custom: "the host application's own" } as const;

/** Where state lives, said without naming hosts or paths: the landing page is public. */
const storageOf = ({ storage, config, keepsAdminToken }: CoreSettings): string => {
  if (storage === 'memory') return 'process memory (nothing persists)';
  if (!keepsAdminToken) return "the host application's own";
  return config.databaseUrl ? 'PostgreSQL' : 'embedded database (PGlite)';
};

/** What the host serves: the REST API, and the one app that puts every route of Switchboard together. */
export const httpModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    // GET /health answers from a probe of the store at most a second old, not a query per call.
    provide(TOKENS.health, [TOKENS.unitOfWork, TOKENS.clock], (uow, clock) => new RecentHealth({ probe: () => uow.ping(), clock, freshForMs: 1000 }));
    // A draining node's health check goes the whole way, to say so.
    provide(TOKENS.nodeFastPath, [TOKENS.settings, TOKENS.health, TOKENS.callDrain, TOKENS.logger], ({ basePath }, health, drain, logger) =>
      healthFastPath({ path: `${basePath}/health`, health: { fresh: () => (drain.isDraining ? null : health.fresh()) }, logger }),
    );
    // One guard for `/v1`, `/mcp` and the playground's controls: their limits count together.
    provide(TOKENS.apiKeyGuard, [TOKENS.config, TOKENS.useCases, TOKENS.rateLimiter], (config, useCases, limiter) =>
      apiKeyGuard({ projects: useCases.projects, limits: restRateLimitsOf(config, limiter), clientOf: clientNetworkResolver(config.trustProxy) }),
    );
    provide(
      TOKENS.restApi,
      [TOKENS.config, TOKENS.useCases, TOKENS.logger, TOKENS.apiKeyGuard, TOKENS.health, TOKENS.callDrain],
      (config, useCases, logger, guard, health, drain) => {
        return createRestRoutes({
          useCases,
          logger,
          health: () => health.healthy(),
          draining: () => drain.isDraining,
          guard,
          trustProxy: config.trustProxy,
          versionedAnswers: config.readCacheBytes > 0 ? new VersionedAnswers(config.readCacheBytes) : null,
        }) as unknown as Hono;
      },
    );
    provide(
      TOKENS.httpApp,
      [TOKENS.settings, TOKENS.twilioSmsRoutes, TOKENS.twilioVoiceRoutes, TOKENS.adminConsoleRoutes, TOKENS.mcpRoutes, TOKENS.restApi, TOKENS.telephony, TOKENS.logger, TOKENS.tracing, TOKENS.metrics, TOKENS.rateLimiter],
      (settings, smsRoutes, voiceRoutes, adminConsole, mcpRoutes, restApi, telephony, logger, tracing, metrics, limiter) => {
        const { basePath, config, publicUrl } = settings;
        // Every request is routed here (mounted apps' routes are copied in): its matches are kept.
        const root = new Hono({ router: new MemoizedRouter() });
        // The one error handler, for every route: an unexpected error is logged and answered in
        // the error envelope. The REST API is mounted bare (see createRestRoutes).
        root.onError(restErrorHandler(logger) as unknown as ErrorHandler);
        // With traces off no middleware at all: a request pays nothing for them.
        if (tracing !== NO_TRACING) root.use('*', serverSpans(tracing));
        // Every route, the carrier's and the admin console's included, reads at most BODY_LIMIT.
        root.use('*', bodyLimit(config.bodyLimit));
        // CORS_ORIGINS: before every route, so a listed origin's preflight is answered here.
        const cors = corsFor(config.corsOrigins ?? []);
        if (cors) root.use('*', cors);
        const at = basePath || '/';
        // Before the REST API, whose catch-all answers every path it does not know.
        if (smsRoutes) root.route(at, smsRoutes);
        if (voiceRoutes) root.route(at, voiceRoutes);
        root.route(at, adminConsole);
        // `{base}/openapi.json` and `{base}/docs`. The document names PUBLIC_URL as its server; without
        // one, the base path alone, which readers resolve against wherever they fetched the document.
        root.route(at, apiReferenceRoutesFor(config.publicUrl ? publicUrl : at));
        const running = { version: packageVersion(), carrier: CARRIERS[carrierOf(telephony)], storage: storageOf(settings) };
        root.route('/', landingRoutes({ basePath, running }));
        root.route(at, mcpRoutes);
        // METRICS_TOKEN: `{base}/metrics` here; METRICS_PORT alone serves it on its own listener only.
        const token = config.metrics.token;
        if (metrics && token !== null) {
          const failures = { limiter, rule: metricsTokenFailuresOf(config), clientOf: clientNetworkResolver(config.trustProxy) };
          root.route(at, metricsRoutes({ scrape: metrics.scrape, token, failures }) as unknown as Hono);
        }
        root.route(at, restApi);
        return root;
      },
    );
  });
