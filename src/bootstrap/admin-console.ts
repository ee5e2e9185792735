import type { Container } from 'inversify';
import type { Hono } from 'hono';
import type { Clock } from '../application/ports/clock.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { Logger } from '../application/ports/logger.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { WebhookDispatcher } from '../application/services/webhook-dispatcher.js';
import type { UseCases } from '../application/use-cases/index.js';
import { createAdminGraphql } from '../adapters/graphql-admin/create-admin-graphql.js';
import { playgroundRoutes } from '../adapters/playground/playground-routes.js';
import { buildAdminUseCases } from './build-admin-use-cases.js';
import type { SwitchboardConfig } from './config.js';
import { TOKENS } from './tokens.js';
import type { VoiceRuntime } from './voice.js';

/**
 * Mounts the operator's GraphQL console (`{base}/admin/graphql`) and the browser call
 * playground (`{base}/playground`, with the Twilio Voice SDK it loads at
 * `{base}/playground/twilio-voice-sdk.js`) on the root app, before the REST API's catch-all.
 */
export const mountAdminConsole = (
  root: Hono,
  container: Container,
  options: { readonly basePath: string; readonly adminToken: string; readonly logger: Logger },
): void => {
  const config = container.get<SwitchboardConfig>(TOKENS.config);
  const voice = container.get<VoiceRuntime>(TOKENS.voice);
  const admin = buildAdminUseCases({
    uow: container.get<UnitOfWork>(TOKENS.unitOfWork),
    clock: container.get<Clock>(TOKENS.clock),
    ids: container.get<IdGenerator>(TOKENS.ids),
    deliveryTrigger: container.get<WebhookDispatcher>(TOKENS.webhookDispatcher),
    recordingMonthlyPrice: config.prices.recordingMonthly,
  });
  const graphql = createAdminGraphql({
    useCases: container.get<UseCases>(TOKENS.useCases),
    calls: voice.calls,
    admin,
    simulated: voice.simulated,
    adminToken: options.adminToken,
    endpoint: `${options.basePath}/admin/graphql`,
    logger: options.logger,
  });
  root.all(graphql.endpoint, (c) => graphql.fetch(c.req.raw));
  root.route(options.basePath || '/', playgroundRoutes());
};
