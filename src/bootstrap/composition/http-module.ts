import { ContainerModule } from 'inversify';
import { Hono } from 'hono';
import { RecentHealth } from '../../application/services/recent-health.js';
import { bodyLimit } from '../../adapters/rest/body-limit.js';
import { healthFastPath } from '../../adapters/rest/health-fast-path.js';
import { createRestApi } from '../../adapters/rest/rest-api.js';
import { provideWith } from './provide.js';
import { restRateLimitsOf } from './rate-rules.js';
import { TOKENS } from './tokens.js';

/** What the host serves: the REST API, and the one app that puts every route of Switchboard together. */
export const httpModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    // GET /health answers from a probe of the store at most a second old, not a query per call.
    provide(TOKENS.health, [TOKENS.unitOfWork, TOKENS.clock], (uow, clock) => new RecentHealth({ probe: () => uow.ping(), clock, freshForMs: 1000 }));
    provide(TOKENS.nodeFastPath, [TOKENS.settings, TOKENS.health, TOKENS.logger], ({ basePath }, health, logger) =>
      healthFastPath({ path: `${basePath}/health`, health, logger }),
    );
    provide(
      TOKENS.restApi,
      [TOKENS.config, TOKENS.useCases, TOKENS.logger, TOKENS.rateLimiter, TOKENS.health],
      (config, useCases, logger, limiter, health) => {
        return createRestApi({
          useCases,
          logger,
          health: () => health.healthy(),
          limits: restRateLimitsOf(config, limiter),
          trustProxy: config.trustProxy,
        }) as unknown as Hono;
      },
    );
    provide(
      TOKENS.httpApp,
      [TOKENS.settings, TOKENS.twilioSmsRoutes, TOKENS.twilioVoiceRoutes, TOKENS.adminConsoleRoutes, TOKENS.restApi],
      ({ basePath, config }, smsRoutes, voiceRoutes, adminConsole, restApi) => {
        const root = new Hono();
        // Every route, the carrier's and the admin console's included, reads at most BODY_LIMIT.
        root.use('*', bodyLimit(config.bodyLimit));
        const at = basePath || '/';
        // Before the REST API, whose catch-all answers every path it does not know.
        if (smsRoutes) root.route(at, smsRoutes);
        if (voiceRoutes) root.route(at, voiceRoutes);
        root.route(at, adminConsole);
        root.route(at, restApi);
        return root;
      },
    );
  });
