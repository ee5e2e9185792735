import { Hono } from 'hono';
import type { Logger } from '../../application/ports/logger.js';
import type { UseCases } from '../../application/use-cases/index.js';
import { authenticate } from './auth.js';
import type { RestEnv } from './env.js';
import { internalError } from './error-envelope.js';
import { fallback } from './fallback.js';
import { requestId } from './request-id.js';
import { sendError, sendProblem } from './respond.js';
import { agentRoutes } from './routes/agents.js';
import { contactRoutes } from './routes/contacts.js';
import { numberRoutes } from './routes/numbers.js';

export interface RestDeps {
  readonly useCases: UseCases;
  readonly logger: Logger;
  /** Resolves true when the service can serve requests (the store answers). */
  readonly health: () => Promise<boolean>;
}

const isHealthy = (health: () => Promise<boolean>): Promise<boolean> => health().catch(() => false);

/**
 * The REST API as a Hono app. Every route is relative, so a host may mount it under any
 * base path (`host.route('/switchboard', createRestApi(deps))`) or serve it at the root.
 */
export const createRestApi = (deps: RestDeps): Hono<RestEnv> => {
  const api = new Hono<RestEnv>();
  api.use('*', requestId(deps.logger));

  api.get('/health', async (c) =>
    (await isHealthy(deps.health))
      ? c.json({ status: 'ok' })
      : sendError(c, { _tag: 'Unavailable', message: 'The service is not ready; retry with backoff' }),
  );

  api.use('/v1/*', authenticate(deps.useCases));
  api.route('/v1/agents', agentRoutes(deps.useCases));
  api.route('/v1/numbers', numberRoutes(deps.useCases));
  api.route('/v1/contacts', contactRoutes(deps.useCases));
  api.all('*', fallback(api));

  api.onError((error, c) => {
    const id = c.get('requestId') ?? 'unknown';
    (c.get('logger') ?? deps.logger).error(
      { requestId: id, err: { name: error.name, message: error.message, stack: error.stack } },
      'unhandled error',
    );
    return sendProblem(c, internalError(id));
  });
  return api;
};
