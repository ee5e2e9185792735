import { Hono, type Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { clientNetworkResolver } from '../client-network.js';
import { decodeBody } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { send, sendError } from '../respond.js';
import { signUpStartedView, signUpVerifiedView } from '../views/signup.js';

/**
 * `/v0/agent`: self-signup without an API key; snake_case on the wire. `clientIp` names the
 * client the per-IP limits count (default: the TCP peer, IPv6 by its /64; see
 * `clientNetworkResolver` for TRUST_PROXY).
 */
export const signUpRoutes = (useCases: UseCases['signUp'], clientIp: (c: Context) => string | null = clientNetworkResolver(null)): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.post('/sign-up', async (c) => {
    const body = await decodeBody(c, OPERATIONS.signUp.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { email: body.right.human_email, agentName: body.right.agent_name ?? null, clientIp: clientIp(c) };
    return send(c, useCases.startSignUp.execute(input), (signUp) => c.json(signUpStartedView(signUp)));
  });

  app.post('/verify', async (c) => {
    const body = await decodeBody(c, OPERATIONS.verifySignUp.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { verificationId: body.right.verification_id, code: body.right.otp_code, clientIp: clientIp(c) };
    return send(c, useCases.verifySignUp.execute(input), (done) => c.json(signUpVerifiedView(done)));
  });

  return app;
};
