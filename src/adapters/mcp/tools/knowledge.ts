import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { validation } from '../../../application/errors.js';
import { oneOf } from '../../rest/codecs/common.js';
import { AddDocumentBody, CreateKnowledgeBaseBody, documentSourceOf, KNOWLEDGE_PAGE, SearchKnowledgeQuery, UpdateKnowledgeBaseBody } from '../../rest/codecs/knowledge.js';
import { idText } from '../../rest/codecs/text.js';
import { decode } from '../../rest/decode.js';
import { pageEnvelope } from '../../rest/pagination.js';
import { knowledgeBaseView, knowledgeDocumentView, knowledgePassageView } from '../../rest/views/knowledge.js';
import { queryString, snakeCased, snakeCasedCodec } from '../arguments.js';
import { destroys, outcome, output, projectOf, readOnly, reachesOut, tool, type AnyTool, type ToolContext } from '../tool.js';

const ManageKnowledgeBaseArgs = t.intersection([
  t.type({ action: oneOf(['create', 'update', 'delete'] as const) }),
  t.partial({ knowledge_base_id: idText }),
  snakeCasedCodec(UpdateKnowledgeBaseBody),
]);
type ManageKnowledgeBase = t.TypeOf<typeof ManageKnowledgeBaseArgs>;

const AddDocumentArgs = t.intersection([t.type({ knowledge_base_id: idText }), snakeCasedCodec(AddDocumentBody)]);
const document = snakeCased(AddDocumentBody);
const SearchArgs = t.intersection([t.type({ knowledge_base_id: idText }), SearchKnowledgeQuery]);
const DocumentArgs = t.type({ knowledge_base_id: idText, document_id: idText });

/** One tool for three use cases, as with contacts: `action` picks, REST's codecs check each one's fields. */
const manage = async (context: ToolContext, args: ManageKnowledgeBase) => {
  const projectId = projectOf(context);
  const { knowledge } = context.useCases;
  if (args.action === 'create') {
    const body = decode(CreateKnowledgeBaseBody, args, 'body');
    if (E.isLeft(body)) return body;
    const fields = { name: body.right.name, description: body.right.description ?? null };
    return outcome(knowledge.createKnowledgeBase.execute({ projectId, fields }), (kb) => output(`Created knowledge base ${kb.name} (${kb.id}).`, knowledgeBaseView(kb)));
  }
  const knowledgeBaseId = args.knowledge_base_id;
  if (knowledgeBaseId === undefined) return E.left(validation('knowledge_base_id', `field required to ${args.action} a knowledge base`));
  if (args.action === 'delete') {
    return outcome(knowledge.deleteKnowledgeBase.execute({ projectId, knowledgeBaseId }), () =>
      output(`Deleted knowledge base ${knowledgeBaseId} and its documents.`, { success: true, id: knowledgeBaseId }),
    );
  }
  const changes = { name: args.name, description: args.description };
  return outcome(knowledge.updateKnowledgeBase.execute({ projectId, knowledgeBaseId, changes }), (kb) => output(`Updated knowledge base ${kb.name} (${kb.id}).`, knowledgeBaseView(kb)));
};

export const knowledgeTools: readonly AnyTool[] = [
  tool({
    name: 'list_knowledge_bases',
    title: 'List knowledge bases',
    description: "The account's knowledge bases, oldest first: the documents hosted agents search (an agent's `knowledge_base_ids`).",
    args: queryString(KNOWLEDGE_PAGE),
    annotations: readOnly,
    access: 'project',
    run: (context, { limit, offset }) => {
      const page = { limit, offset };
      return outcome(context.useCases.knowledge.listKnowledgeBases.execute({ projectId: projectOf(context), page }), (list) =>
        output(`${list.items.length} of ${list.total} knowledge bases.`, pageEnvelope(list, page, knowledgeBaseView)),
      );
    },
  }),
  tool({
    name: 'manage_knowledge_base',
    title: 'Create, update or delete a knowledge base',
    description:
      'Create, rename or delete a knowledge base, by `action`. create: `name` required, `description` optional; update: `knowledge_base_id`, ' +
      'and only the fields given change; delete: `knowledge_base_id` — DESTRUCTIVE, its documents go with it.',
    args: { codec: ManageKnowledgeBaseArgs, read: (decoded) => decoded as ManageKnowledgeBase },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    access: 'project',
    run: manage,
  }),
  tool({
    name: 'add_document',
    title: 'Add a document to a knowledge base',
    description:
      'Adds a document to a knowledge base; it is cut into passages and indexed at once. `format`: text, markdown or html with `content`, ' +
      'pdf with `content` the file in base64, or url with `url` (the page, HTML, text or PDF, is fetched now). `title` optional (the first heading otherwise).',
    args: { codec: AddDocumentArgs, read: (decoded) => decoded as t.TypeOf<typeof AddDocumentArgs> },
    annotations: reachesOut,
    access: 'project',
    run: (context, args) => {
      const body = document.read(args);
      const source = documentSourceOf(body);
      if (E.isLeft(source)) return Promise.resolve(source);
      if (source.right === null) return Promise.resolve(E.left(validation('format', 'is required', 'missing')));
      const input = { projectId: projectOf(context), knowledgeBaseId: args.knowledge_base_id, title: body.title ?? null, source: source.right };
      return outcome(context.useCases.knowledge.addDocument.execute(input), (added) =>
        output(`Added ${added.title} (${added.id}): ${added.chunkCount} passages indexed.`, knowledgeDocumentView(added)),
      );
    },
  }),
  tool({
    name: 'delete_document',
    title: 'Delete a document of a knowledge base',
    description: 'Deletes a document and its passages: no agent finds them after. DESTRUCTIVE.',
    args: { codec: DocumentArgs, read: (decoded) => decoded as t.TypeOf<typeof DocumentArgs> },
    annotations: destroys,
    access: 'project',
    run: (context, args) => {
      const input = { projectId: projectOf(context), knowledgeBaseId: args.knowledge_base_id, documentId: args.document_id };
      return outcome(context.useCases.knowledge.deleteDocument.execute(input), () => output(`Deleted document ${args.document_id}.`, { success: true, id: args.document_id }));
    },
  }),
  tool({
    name: 'search_knowledge_base',
    title: 'Try a knowledge-base search',
    description: 'The passages a hosted agent would be given for query `q`, best first (web-search syntax: "phrases", -excluded, or).',
    args: queryString(SearchArgs),
    annotations: readOnly,
    access: 'project',
    run: (context, args) => {
      const input = { projectId: projectOf(context), knowledgeBaseId: args.knowledge_base_id, text: args.q, limit: args.limit };
      return outcome(context.useCases.knowledge.searchKnowledgeBase.execute(input), (found) =>
        output(`${found.length} passages for "${args.q}".`, { query: args.q, data: found.map(knowledgePassageView) }),
      );
    },
  }),
];
