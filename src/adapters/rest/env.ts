import type { Logger } from '../../application/ports/logger.js';
import type { Principal } from '../../application/use-cases/api-keys/authenticate-api-key.js';

/** What the middlewares put in the Hono context for the handlers after them. */
export interface RestEnv {
  Variables: {
    requestId: string;
    /** A child of the host's logger bound to the request id. */
    logger: Logger;
    /** Set by the auth middleware on every `/v1/*` route. */
    principal: Principal;
    /** Set by `GET /health` on a draining node: its 503 is what the node means to say, logged as a request like any other. */
    draining?: boolean;
  };
}
