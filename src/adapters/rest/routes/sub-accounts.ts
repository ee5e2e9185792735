import { Hono } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { toLimits } from '../codecs/sub-accounts.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { createdSubAccountView, issuedKeyView, subAccountView } from '../views/sub-accounts.js';

/** `/v1/sub-accounts`: the acting project's own sub-accounts. */
export const subAccountRoutes = (useCases: UseCases['subAccounts']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  const named = (c: { req: { param: (name: 'id') => string } }, parentId: string) => ({ parentId, subAccountId: c.req.param('id') });

  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.createSubAccount.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { parentId: projectOf(c), name: body.right.name, balance: body.right.balanceMode ?? 'shared', limits: toLimits(body.right) };
    return send(c, useCases.createSubAccount.execute(input), (created) => c.json(createdSubAccountView(created), 201));
  });

  app.get('/', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listSubAccounts.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { parentId: projectOf(c), page: query.right };
    return send(c, useCases.listSubAccounts.execute(input), (page) => c.json(pageEnvelope(page, input.page, subAccountView)));
  });

  app.get('/:id', (c) => send(c, useCases.getSubAccount.execute(named(c, projectOf(c))), (sub) => c.json(subAccountView(sub))));

  app.patch('/:id', async (c) => {
    const body = await decodeBody(c, OPERATIONS.updateSubAccount.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { ...named(c, projectOf(c)), ...(body.right.name !== undefined ? { name: body.right.name } : {}), limits: toLimits(body.right) };
    return send(c, useCases.updateSubAccount.execute(input), (sub) => c.json(subAccountView(sub)));
  });

  app.delete('/:id', (c) => send(c, useCases.closeSubAccount.execute(named(c, projectOf(c))), (sub) => c.json(subAccountView(sub))));

  app.post('/:id/api-keys', async (c) => {
    const body = await decodeBody(c, OPERATIONS.issueSubAccountKey.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { ...named(c, projectOf(c)), name: body.right.name ?? null };
    return send(c, useCases.issueSubAccountKey.execute(input), (key) => c.json(issuedKeyView(key), 201));
  });

  return app;
};
