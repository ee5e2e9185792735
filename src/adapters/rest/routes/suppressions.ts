import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { anyPhoneNumber } from '../codecs/phone.js';
import { suppressionCsvHeader, suppressionCsvLines, suppressionsFromCsv } from '../csv-suppressions.js';
import { decode, decodeBody, decodeQuery, invalidInput } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { actorOf, projectOf, send, sendError } from '../respond.js';
import { suppressionView } from '../views/suppressions.js';

/** Rows an export reads at a time. */
const EXPORT_PAGE = 1000;

/** `/v1/suppressions`: the project's one suppression list, which every outbound call and text honours. */
export const suppressionRoutes = (useCases: UseCases['suppressions']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.get('/', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listSuppressions.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const page = { limit: query.right.limit, offset: query.right.offset };
    return send(c, useCases.listSuppressions.execute({ projectId: projectOf(c), page }), (found) => c.json(pageEnvelope(found, page, suppressionView)));
  });

  // JSON `{phoneNumber, channel?, reason?}`, or a CSV file (Content-Type text/csv) of many.
  app.post('/', async (c) => {
    const isCsv = (c.req.header('content-type') ?? '').toLowerCase().startsWith('text/csv');
    if (isCsv) {
      const parsed = suppressionsFromCsv(await c.req.text());
      if (E.isLeft(parsed)) return sendError(c, invalidInput(parsed.left.slice(0, 100)));
      const input = { projectId: projectOf(c), entries: parsed.right, source: 'import' as const, actor: actorOf(c) };
      return send(c, useCases.addSuppressions.execute(input), (done) => c.json({ added: done.added.length, alreadyListed: done.alreadyListed }, 201));
    }
    const body = await decodeBody(c, OPERATIONS.addSuppression.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const entry = { phoneNumber: body.right.phoneNumber, channel: body.right.channel ?? ('all' as const), reason: body.right.reason ?? null };
    return send(c, useCases.addSuppressions.execute({ projectId: projectOf(c), entries: [entry], source: 'operator', actor: actorOf(c) }), (done) =>
      c.json({ added: done.added.length, alreadyListed: done.alreadyListed }, 201),
    );
  });

  app.get('/export.csv', async (c) => {
    const projectId = projectOf(c);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="suppressions.csv"');
    return stream(c, async (out) => {
      await out.write(suppressionCsvHeader());
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const page = await useCases.listSuppressions.execute({ projectId, page: { limit: EXPORT_PAGE, offset } })();
        if (E.isLeft(page) || page.right.items.length === 0) break;
        await out.write(suppressionCsvLines(page.right.items));
        if (page.right.items.length < EXPORT_PAGE) break;
      }
    });
  });

  app.delete('/:phoneNumber', async (c) => {
    const phoneNumber = decode(anyPhoneNumber, c.req.param('phoneNumber'), 'path');
    if (E.isLeft(phoneNumber)) return sendError(c, phoneNumber.left, 'path');
    const query = decodeQuery(c, OPERATIONS.removeSuppression.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { projectId: projectOf(c), phoneNumber: phoneNumber.right, channel: query.right.channel ?? null, actor: actorOf(c) };
    return send(c, useCases.removeSuppression.execute(input), () => c.body(null, 204));
  });

  return app;
};
