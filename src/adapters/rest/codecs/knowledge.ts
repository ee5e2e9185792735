import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { DocumentSource } from '../../../application/use-cases/knowledge/document-text.js';
import { validation, type Validation } from '../../../application/errors.js';
import { DOCUMENT_FORMATS, KNOWLEDGE_LIMITS } from '../../../domain/knowledge-base.js';
import { integerParam, pageQuery } from '../pagination.js';
import { matching, nullable, oneOf } from './common.js';
import { boundedText, MAX_LENGTH, nameText } from './text.js';

/**
 * A document's text as sent: twice what a document may hold, so that text past that is answered
 * 413 by the use case (which counts it after HTML is reduced), and small enough that its JSON,
 * escaped at worst, fits the MCP SDK's message size and the default request body.
 */
const documentContent = boundedText(400_000);
const pageUrl = matching(/^https?:\/\/[^\s/]+\S*$/i, 'must be an http or https URL');

const knowledgeBaseFields = { name: nameText, description: nullable(boundedText(MAX_LENGTH.description)) };

export const CreateKnowledgeBaseBody = t.intersection([t.type({ name: nameText }), t.partial({ description: knowledgeBaseFields.description })]);
export const UpdateKnowledgeBaseBody = t.partial(knowledgeBaseFields);

/** `format` says what `content` is, or (`url`) that `url` is to be fetched. */
export const AddDocumentBody = t.intersection([
  t.type({ format: oneOf(DOCUMENT_FORMATS) }),
  t.partial({ title: nullable(nameText), content: documentContent, url: pageUrl }),
]);
/** A new title, or new text (then `format` with `content` or `url`, as when added): the document is re-indexed. */
export const UpdateDocumentBody = t.partial({ title: nullable(nameText), format: oneOf(DOCUMENT_FORMATS), content: documentContent, url: pageUrl });

export const KNOWLEDGE_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });

export const SearchKnowledgeQuery = t.type({
  q: boundedText(500),
  limit: integerParam(1, KNOWLEDGE_LIMITS.searchResults, 5),
});

type SourceFields = { readonly format?: DocumentSource['format']; readonly content?: string; readonly url?: string };

/** The document's source from a body's `format`, `content` and `url`; null when the body gives none (a retitling). */
export const documentSourceOf = (body: SourceFields): E.Either<Validation, DocumentSource | null> => {
  if (body.format === undefined) {
    return body.content !== undefined || body.url !== undefined ? E.left(validation('format', 'is required with content or url', 'missing')) : E.right(null);
  }
  if (body.format === 'url') return body.url === undefined ? E.left(validation('url', 'is required when format is url', 'missing')) : E.right({ format: 'url', url: body.url });
  return body.content === undefined
    ? E.left(validation('content', `is required when format is ${body.format}`, 'missing'))
    : E.right({ format: body.format, content: body.content });
};
