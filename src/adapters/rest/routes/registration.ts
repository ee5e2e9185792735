import { Hono } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { toRegisterInput } from '../codecs/registration.js';
import { decodeBody } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { projectOf, send, sendError } from '../respond.js';
import { registrationView } from '../views/registration.js';

/** `/v1/register`: A2P 10DLC registration of the project's texting, and how the carrier's review stands. */
export const registrationRoutes = (useCases: UseCases['messages']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.register.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    return send(c, useCases.registerMessaging.execute(toRegisterInput(projectOf(c), body.right)), (registration) => c.json(registrationView(registration)));
  });
  app.get('/status', (c) =>
    send(c, useCases.getRegistrationStatus.execute({ projectId: projectOf(c) }), (registration) => c.json(registrationView(registration))),
  );
  return app;
};
