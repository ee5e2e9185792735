import { KNOWLEDGE_LIMITS } from '../../../domain/knowledge-base.js';
import { failure, run } from '../errors.js';
import { connectionOf, connectionType, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';
import { pageArgs, pageRequest } from './paging.js';

/** A project's knowledge bases, their documents, and a try of the search a hosted agent makes. */
export const defineKnowledgeTypes = (builder: AdminBuilder, deps: AdminSchemaDeps) => {
  const { knowledge } = deps.useCases;
  builder.objectType('KnowledgePassage', {
    description: 'A passage a search found, best first.',
    fields: (t) => ({
      documentId: t.exposeID('documentId'),
      documentTitle: t.exposeString('documentTitle'),
      position: t.exposeInt('position'),
      heading: t.string({ nullable: true, resolve: (p) => p.heading }),
      content: t.exposeString('content'),
      score: t.exposeFloat('score'),
    }),
  });
  builder.objectType('KnowledgeDocument', {
    description: 'A document of a knowledge base, cut into passages and indexed.',
    fields: (t) => ({
      id: t.exposeID('id'),
      title: t.exposeString('title'),
      format: t.exposeString('format'),
      sourceUrl: t.exposeString('sourceUrl', { nullable: true }),
      chunkCount: t.exposeInt('chunkCount'),
      characters: t.int({ resolve: (d) => d.content.length }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });
  connectionType(builder, 'KnowledgeDocumentPage', 'KnowledgeDocument', 'Documents, oldest first.');
  builder.objectType('KnowledgeBase', {
    description: 'Documents hosted agents search with their search_knowledge tool.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      description: t.exposeString('description', { nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      documents: t.field({
        type: 'KnowledgeDocumentPage',
        args: pageArgs(t),
        resolve: async (kb, args) => {
          const page = pageRequest(args);
          return connectionOf(await run(knowledge.listDocuments.execute({ projectId: kb.projectId, knowledgeBaseId: kb.id, page })), page);
        },
      }),
      search: t.field({
        type: ['KnowledgePassage'],
        description: 'The passages a hosted agent would be given for `query`.',
        args: { query: t.arg.string({ required: true }), limit: t.arg.int({ defaultValue: 5, description: `1 to ${KNOWLEDGE_LIMITS.searchResults}` }) },
        resolve: async (kb, args) => {
          const limit = args.limit ?? 5;
          if (limit < 1 || limit > KNOWLEDGE_LIMITS.searchResults) throw failure(`limit must be between 1 and ${KNOWLEDGE_LIMITS.searchResults}`, 'VALIDATION_ERROR');
          if (args.query.length > 500) throw failure('query must be at most 500 characters', 'VALIDATION_ERROR');
          return [...(await run(knowledge.searchKnowledgeBase.execute({ projectId: kb.projectId, knowledgeBaseId: kb.id, text: args.query, limit })))];
        },
      }),
    }),
  });
  connectionType(builder, 'KnowledgeBasePage', 'KnowledgeBase', 'Knowledge bases, oldest first.');
  builder.objectField('Project', 'knowledgeBases', (t) =>
    t.field({
      type: 'KnowledgeBasePage',
      description: 'The knowledge bases its hosted agents search, oldest first.',
      args: pageArgs(t),
      resolve: async (p, args) => {
        const page = pageRequest(args);
        return connectionOf(await run(knowledge.listKnowledgeBases.execute({ projectId: p.id, page })), page);
      },
    }),
  );
};
