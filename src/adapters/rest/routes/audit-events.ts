import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import * as E from 'fp-ts/lib/Either.js';
import type { AuditEventFilter } from '../../../application/queries/audit-event-query.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { auditEventCsvHeader, auditEventCsvLines } from '../csv-audit-events.js';
import { decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, sendError } from '../respond.js';
import { auditEventView } from '../views/audit-events.js';

/** Rows an export reads at a time. */
const EXPORT_PAGE = 1000;

const filterOf = (query: { kind?: AuditEventFilter['kind']; phoneNumber?: AuditEventFilter['phoneNumber']; since?: Date; until?: Date }): AuditEventFilter => ({
  kind: query.kind ?? null,
  phoneNumber: query.phoneNumber ?? null,
  since: query.since ?? null,
  until: query.until ?? null,
});

/** Whether the client asked for the export by its Accept header rather than its path. */
const wantsCsv = (c: Context<RestEnv>): boolean => (c.req.header('accept') ?? '').toLowerCase().startsWith('text/csv');

/** `/v1/audit-events`: the project's compliance audit trail, as JSON pages or one CSV file. */
export const auditEventRoutes = (useCases: UseCases['suppressions']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  const exportCsv = async (c: Context<RestEnv>, filter: AuditEventFilter) => {
    const projectId = projectOf(c);
    const read = (offset: number) => useCases.listAuditEvents.execute({ projectId, page: { limit: EXPORT_PAGE, offset }, filter })();
    // The first page is read before the answer starts, so a refused filter is still a 4xx.
    const first = await read(0);
    if (E.isLeft(first)) return sendError(c, first.left, 'query');
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="audit-events.csv"');
    return stream(c, async (out) => {
      await out.write(auditEventCsvHeader());
      let page = first.right;
      for (let offset = 0; page.items.length > 0; ) {
        await out.write(auditEventCsvLines(page.items));
        if (page.items.length < EXPORT_PAGE) break;
        offset += EXPORT_PAGE;
        const next = await read(offset);
        if (E.isLeft(next)) break;
        page = next.right;
      }
    });
  };

  app.get('/', async (c) => {
    if (wantsCsv(c)) {
      const filters = decodeQuery(c, OPERATIONS.exportAuditEvents.query);
      return E.isLeft(filters) ? sendError(c, filters.left, 'query') : exportCsv(c, filterOf(filters.right));
    }
    const query = decodeQuery(c, OPERATIONS.listAuditEvents.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const page = { limit: query.right.limit, offset: query.right.offset };
    const found = await useCases.listAuditEvents.execute({ projectId: projectOf(c), page, filter: filterOf(query.right) })();
    return E.isLeft(found) ? sendError(c, found.left, 'query') : c.json(pageEnvelope(found.right, page, auditEventView));
  });

  app.get('/export.csv', async (c) => {
    const filters = decodeQuery(c, OPERATIONS.exportAuditEvents.query);
    return E.isLeft(filters) ? sendError(c, filters.left, 'query') : exportCsv(c, filterOf(filters.right));
  });

  return app;
};
