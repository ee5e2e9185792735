import { Hono } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import { validation } from '../../../application/errors.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { checkSendMessage, unsupportedOnSms, IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf, toCursor, toSendSmsInput } from '../codecs/messages.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { originOf, projectOf, send, sendError } from '../respond.js';
import { messageSliceView, numberMessageView, sentMessageView } from '../views/messages.js';

/**
 * `POST /v1/messages`: an agent sends a text (snake_case, as public clients speak it). With an
 * `Idempotency-Key` header, a retry answers what the first request did instead of sending again.
 */
export const messageRoutes = (useCases: UseCases['messages']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.sendMessage.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const problem = checkSendMessage(body.right);
    if (problem) return sendError(c, validation(problem.field, problem.message));
    const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_KEY_HEADER));
    if (E.isLeft(key)) return sendError(c, key.left);
    const input = { ...toSendSmsInput(projectOf(c), body.right, originOf(c, 'POST /v1/messages')), idempotencyKey: key.right };
    return send(c, useCases.sendSms.execute(input), (message) => c.json(sentMessageView(message, unsupportedOnSms(body.right))));
  });
  return app;
};

/** `GET /v1/numbers/{id}/messages`, mounted beside the number routes; released numbers too. */
export const numberMessageRoutes = (useCases: UseCases['messages']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  app.get('/:id/messages', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listNumberMessages.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { projectId: projectOf(c), numberId: c.req.param('id'), cursor: toCursor(query.right) };
    return send(c, useCases.listNumberMessages.execute(input), (slice) => c.json(messageSliceView(slice, numberMessageView)));
  });
  return app;
};
