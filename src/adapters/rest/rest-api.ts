import { Hono, type ErrorHandler } from 'hono';
import { DependencyUnavailable } from '../../application/ports/dependency-unavailable.js';
import type { Logger } from '../../application/ports/logger.js';
import type { UseCases } from '../../application/use-cases/index.js';
import { apiKeyGuard } from './api-key-guard.js';
import { CLIENT_CLOSED_REQUEST, clientAborted } from './client-aborted.js';
import type { TrustProxy } from './client-ip.js';
import { clientNetworkResolver } from './client-network.js';
import type { RestEnv } from './env.js';
import { internalError } from './error-envelope.js';
import { fallback } from './fallback.js';
import { requestId } from './request-id.js';
import { safePath } from './safe-path.js';
import { sendError, sendProblem } from './respond.js';
import { agentRoutes } from './routes/agents.js';
import { agentCallRoutes, callRoutes } from './routes/calls.js';
import { contactRoutes } from './routes/contacts.js';
import { suppressionRoutes } from './routes/suppressions.js';
import { auditEventRoutes } from './routes/audit-events.js';
import { outboundSettingsRoutes } from './routes/outbound-settings.js';
import { knowledgeBaseRoutes } from './routes/knowledge-bases.js';
import { agentTestRoutes, testRunRoutes } from './routes/agent-tests.js';
import { campaignRoutes } from './routes/campaigns.js';
import { agentConversationRoutes, conversationRoutes } from './routes/conversations.js';
import { messageRoutes, numberMessageRoutes } from './routes/messages.js';
import { numberRoutes } from './routes/numbers.js';
import { signUpRoutes } from './routes/signup.js';
import { subAccountRoutes } from './routes/sub-accounts.js';
import { usageRoutes } from './routes/usage.js';
import { registrationRoutes } from './routes/registration.js';
import type { Guard } from './credential-guard.js';
import type { RestRateLimits } from './rate-limit.js';
import type { VersionedAnswers } from './versioned-answers.js';
import { agentWebhookRoutes, webhookRoutes } from './routes/webhooks.js';

export interface RestDeps {
  readonly useCases: UseCases;
  readonly logger: Logger;
  /** Resolves true when the service can serve requests (the store answers). */
  readonly health: () => Promise<boolean>;
  /** True once this node is stopping: its health check says so, and a load balancer sends it nothing new. */
  readonly draining?: () => boolean;
  /** Per-API-key limits on every `/v1` route; without them nothing is limited (embedders' tests). */
  readonly limits?: RestRateLimits;
  /**
   * The API-key guard of every authenticated surface, when the host shares one with its other
   * surfaces (the composition root does); absent: one is made from `limits` and `trustProxy`.
   */
  readonly guard?: Guard<RestEnv>;
  /**
   * `TRUST_PROXY`: which `X-Forwarded-For` entries to believe for the limits per client IP
   * (sign-up, verification, failed authentication); absent or null: none (the TCP peer of the
   * Node socket is the client).
   */
  readonly trustProxy?: TrustProxy | null;
  /**
   * Where list reads keep their bodies with the version they were read at, to give them again
   * while the store says that version still holds (`READ_CACHE_SIZE`); absent or null: every
   * list is read and rendered each time.
   */
  readonly versionedAnswers?: VersionedAnswers | null;
}

/** The health check of a node that is stopping: its live calls go to other nodes. */
const DRAINING = 'This node is draining: it is stopping and takes no new calls; use another node';

const isHealthy = (health: () => Promise<boolean>): Promise<boolean> => health().catch(() => false);

/**
 * The REST API's routes, without an error handler of their own: for a host that mounts them
 * beside its other routes and answers every unexpected error with {@link restErrorHandler}.
 *
 * Why apart: Hono's `route()` copies a mounted app's routes into the host, and when that app has
 * an error handler of its own, it wraps every one of them (each middleware included) in a
 * composition built afresh on every request, to call that handler. On a list read from
 * PostgreSQL, those wrappers were about a sixth of the bytes a request allocated. Mounted bare,
 * the host's one handler catches the same errors, without them.
 */
export const createRestRoutes = (deps: RestDeps): Hono<RestEnv> => {
  const api = new Hono<RestEnv>();
  api.use('*', requestId(deps.logger));
  api.use('*', safePath);

  api.get('/health', async (c) => {
    if (deps.draining?.()) {
      c.set('draining', true);
      return sendError(c, { _tag: 'Unavailable', message: DRAINING });
    }
    return (await isHealthy(deps.health))
      ? c.json({ status: 'ok' })
      : sendError(c, { _tag: 'Unavailable', message: 'The service is not ready; retry with backoff' });
  });

  const { useCases } = deps;
  // Every per-IP limit counts the same client: TRUST_PROXY's pick, IPv6 by its /64.
  const clientOf = clientNetworkResolver(deps.trustProxy);
  api.route('/v0/agent', signUpRoutes(useCases.signUp, clientOf));
  api.use('/v1/*', deps.guard ?? apiKeyGuard({ projects: useCases.projects, limits: deps.limits, clientOf }));
  api.route('/v1/usage', usageRoutes(useCases.billing));
  api.route('/v1/sub-accounts', subAccountRoutes(useCases.subAccounts));
  const answers = deps.versionedAnswers ?? null;
  api.route('/v1/agents', agentRoutes(useCases.agents, answers));
  api.route('/v1/numbers', numberRoutes(useCases.numbers));
  api.route('/v1/contacts', contactRoutes(useCases.contacts));
  api.route('/v1/suppressions', suppressionRoutes(useCases.suppressions));
  api.route('/v1/audit-events', auditEventRoutes(useCases.suppressions));
  api.route('/v1/outbound-settings', outboundSettingsRoutes(useCases.projects));
  api.route('/v1/knowledge-bases', knowledgeBaseRoutes(useCases.knowledge));
  api.route('/v1/agents', agentTestRoutes(useCases.agentTests));
  api.route('/v1/test-runs', testRunRoutes(useCases.agentTests));
  api.route('/v1/campaigns', campaignRoutes(useCases.campaigns));
  api.route('/v1/agents', agentConversationRoutes(useCases.conversations, answers));
  api.route('/v1/numbers', numberMessageRoutes(useCases.messages));
  api.route('/v1/conversations', conversationRoutes(useCases.conversations, answers));
  api.route('/v1/messages', messageRoutes(useCases.messages));
  api.route('/v1/register', registrationRoutes(useCases.messages));
  api.route('/v1/webhooks', webhookRoutes(useCases.webhooks));
  api.route('/v1/agents', agentWebhookRoutes(useCases.webhooks));
  api.route('/v1/calls', callRoutes(useCases.calls, answers));
  api.route('/v1/agents', agentCallRoutes(useCases.calls, answers));
  api.all('*', fallback(api));
  return api;
};

/**
 * An unexpected error, logged with its request id and answered in the error envelope: 503 when a
 * store cannot be reached (transient: retry with backoff), 500 for anything else (a defect). A body
 * that failed to read because its client hung up is neither: a debug line, and an answer no one reads.
 */
export const restErrorHandler =
  (logger: Logger): ErrorHandler<RestEnv> =>
  (error, c) => {
    const id = c.get('requestId') ?? 'unknown';
    if (clientAborted(c)) {
      (c.get('logger') ?? logger).debug({ requestId: id, method: c.req.method, path: c.req.path, reason: error.message }, 'request aborted by the client');
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
    const unavailable = error instanceof DependencyUnavailable;
    (c.get('logger') ?? logger).error(
      { requestId: id, err: { name: error.name, message: error.message, stack: error.stack } },
      unavailable ? 'dependency unavailable' : 'unhandled error',
    );
    if (unavailable) {
      return sendError(c, { _tag: 'Unavailable', message: `${error.message}; retry with exponential backoff (request id ${id})` });
    }
    return sendProblem(c, internalError(id));
  };

/**
 * The REST API as a Hono app of its own, errors answered by {@link restErrorHandler}. Every
 * route is relative, so it may be served at the root or mounted under a base path
 * (`host.route('/switchboard', createRestApi(deps))`); a host that has an error handler for all
 * its routes mounts {@link createRestRoutes} instead, and spares each request Hono's wrapping.
 */
export const createRestApi = (deps: RestDeps): Hono<RestEnv> => createRestRoutes(deps).onError(restErrorHandler(deps.logger));
