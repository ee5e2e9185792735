import { Hono } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { toContactChanges, toContactFields } from '../codecs/contacts.js';
import { contactsFromCsv } from '../csv-contacts.js';
import { decodeBody, decodeQuery, invalidInput } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { actorOf, projectOf, send, sendError } from '../respond.js';
import { contactView } from '../views/contacts.js';

/** `/v1/contacts`: the project's address book. */
export const contactRoutes = (useCases: UseCases['contacts']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.get('/', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listContacts.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const { limit, offset, search } = query.right;
    const input = { projectId: projectOf(c), page: { limit, offset }, search: search ?? null };
    return send(c, useCases.listContacts.execute(input), (contacts) =>
      c.json(pageEnvelope(contacts, input.page, contactView)),
    );
  });

  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.createContact.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), fields: toContactFields(body.right), actor: actorOf(c) };
    return send(c, useCases.createContact.execute(input), (contact) => c.json(contactView(contact), 201));
  });

  // A CSV file (Content-Type text/csv): every row checked first, then all imported or none.
  app.post('/import', async (c) => {
    const isCsv = (c.req.header('content-type') ?? '').toLowerCase().startsWith('text/csv');
    if (!isCsv) return sendError(c, invalidInput([{ field: 'body', message: 'must be a CSV file (Content-Type: text/csv)', type: 'value_error' }]));
    const parsed = contactsFromCsv(await c.req.text());
    if (E.isLeft(parsed)) return sendError(c, invalidInput(parsed.left.slice(0, 100)));
    return send(c, useCases.importContacts.execute({ projectId: projectOf(c), rows: parsed.right, actor: actorOf(c) }), (summary) => c.json(summary, 201));
  });

  app.get('/:id', (c) =>
    send(c, useCases.getContact.execute({ projectId: projectOf(c), contactId: c.req.param('id') }), (contact) =>
      c.json(contactView(contact)),
    ),
  );

  app.patch('/:id', async (c) => {
    const body = await decodeBody(c, OPERATIONS.updateContact.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), contactId: c.req.param('id'), changes: toContactChanges(body.right), actor: actorOf(c) };
    return send(c, useCases.updateContact.execute(input), (contact) => c.json(contactView(contact)));
  });

  app.delete('/:id', (c) =>
    send(c, useCases.deleteContact.execute({ projectId: projectOf(c), contactId: c.req.param('id') }), () =>
      c.body(null, 204),
    ),
  );

  return app;
};
