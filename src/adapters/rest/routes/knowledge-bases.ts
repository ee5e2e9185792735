import { Hono, type Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { documentSourceOf } from '../codecs/knowledge.js';
import { validation } from '../../../application/errors.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { knowledgeBaseView, knowledgeDocumentDetailView, knowledgeDocumentView, knowledgePassageView } from '../views/knowledge.js';

/** `/v1/knowledge-bases`: the documents hosted agents search, and a developer's try of a query. */
export const knowledgeBaseRoutes = (useCases: UseCases['knowledge']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  const base = (c: Context<RestEnv>) => c.req.param('id')!;

  app.get('/', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listKnowledgeBases.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const page = { limit: query.right.limit, offset: query.right.offset };
    return send(c, useCases.listKnowledgeBases.execute({ projectId: projectOf(c), page }), (found) => c.json(pageEnvelope(found, page, knowledgeBaseView)));
  });

  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.createKnowledgeBase.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const fields = { name: body.right.name, description: body.right.description ?? null };
    return send(c, useCases.createKnowledgeBase.execute({ projectId: projectOf(c), fields }), (kb) => c.json(knowledgeBaseView(kb), 201));
  });

  app.get('/:id', (c) =>
    send(c, useCases.getKnowledgeBase.execute({ projectId: projectOf(c), knowledgeBaseId: base(c) }), (kb) => c.json(knowledgeBaseView(kb))),
  );

  app.patch('/:id', async (c) => {
    const body = await decodeBody(c, OPERATIONS.updateKnowledgeBase.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), knowledgeBaseId: base(c), changes: { name: body.right.name, description: body.right.description } };
    return send(c, useCases.updateKnowledgeBase.execute(input), (kb) => c.json(knowledgeBaseView(kb)));
  });

  app.delete('/:id', (c) => send(c, useCases.deleteKnowledgeBase.execute({ projectId: projectOf(c), knowledgeBaseId: base(c) }), () => c.body(null, 204)));

  app.get('/:id/search', async (c) => {
    const query = decodeQuery(c, OPERATIONS.searchKnowledgeBase.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { projectId: projectOf(c), knowledgeBaseId: base(c), text: query.right.q, limit: query.right.limit };
    return send(c, useCases.searchKnowledgeBase.execute(input), (found) => c.json({ query: query.right.q, data: found.map(knowledgePassageView) }));
  });

  app.get('/:id/documents', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listDocuments.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const page = { limit: query.right.limit, offset: query.right.offset };
    return send(c, useCases.listDocuments.execute({ projectId: projectOf(c), knowledgeBaseId: base(c), page }), (found) =>
      c.json(pageEnvelope(found, page, knowledgeDocumentView)),
    );
  });

  app.post('/:id/documents', async (c) => {
    const body = await decodeBody(c, OPERATIONS.addDocument.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const source = documentSourceOf(body.right);
    if (E.isLeft(source)) return sendError(c, source.left);
    if (source.right === null) return sendError(c, validation('format', 'is required', 'missing'));
    const input = { projectId: projectOf(c), knowledgeBaseId: base(c), title: body.right.title ?? null, source: source.right };
    return send(c, useCases.addDocument.execute(input), (document) => c.json(knowledgeDocumentDetailView(document), 201));
  });

  const documentOf = (c: Context<RestEnv>) => ({ projectId: projectOf(c), knowledgeBaseId: base(c), documentId: c.req.param('documentId')! });

  app.get('/:id/documents/:documentId', (c) =>
    send(c, useCases.getDocument.execute(documentOf(c)), (document) => c.json(knowledgeDocumentDetailView(document))),
  );

  app.patch('/:id/documents/:documentId', async (c) => {
    const body = await decodeBody(c, OPERATIONS.updateDocument.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const source = documentSourceOf(body.right);
    if (E.isLeft(source)) return sendError(c, source.left);
    const input = { ...documentOf(c), title: body.right.title ?? null, source: source.right };
    return send(c, useCases.updateDocument.execute(input), (document) => c.json(knowledgeDocumentDetailView(document)));
  });

  app.delete('/:id/documents/:documentId', (c) =>
    send(c, useCases.deleteDocument.execute(documentOf(c)), () => c.body(null, 204)),
  );

  return app;
};
