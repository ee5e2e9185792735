import { Hono } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { toLookupInput } from '../codecs/number-lookup.js';
import { toProvisionInput } from '../codecs/numbers.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { numberLookupView } from '../views/number-lookup.js';
import { numberView, releasedNumberView } from '../views/numbers.js';

/** `/v1/numbers`: provisioning, reading and releasing carrier numbers. */
export const numberRoutes = (useCases: UseCases['numbers']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.provisionNumber.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    return send(c, useCases.provisionNumber.execute(toProvisionInput(projectOf(c), body.right)), (number) =>
      c.json(numberView(number)),
    );
  });

  app.get('/', async (c) => {
    const page = decodeQuery(c, OPERATIONS.listNumbers.query);
    if (E.isLeft(page)) return sendError(c, page.left, 'query');
    return send(c, useCases.listNumbers.execute({ projectId: projectOf(c), page: page.right }), (numbers) =>
      c.json(pageEnvelope(numbers, page.right, numberView)),
    );
  });

  // Before `/:id`, which would take "lookup" for a number's id.
  app.get('/lookup', async (c) => {
    const query = decodeQuery(c, OPERATIONS.lookupNumber.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    return send(c, useCases.lookupNumber.execute(toLookupInput(projectOf(c), query.right)), (answer) => c.json(numberLookupView(answer)));
  });

  app.get('/:id', (c) =>
    send(c, useCases.getNumber.execute({ projectId: projectOf(c), numberId: c.req.param('id') }), (number) =>
      c.json(numberView(number)),
    ),
  );

  app.delete('/:id', (c) =>
    send(c, useCases.releaseNumber.execute({ projectId: projectOf(c), numberId: c.req.param('id') }), (number) =>
      c.json(releasedNumberView(number)),
    ),
  );

  return app;
};
