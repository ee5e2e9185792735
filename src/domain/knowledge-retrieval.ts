import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';

/**
 * How a hosted agent reaches its knowledge bases: `tool`, the model searches when it chooses
 * (its `search_knowledge` tool); `before_each_answer`, the caller's latest words are searched
 * before every model request and the passages found are given to the model with them.
 */
export const KNOWLEDGE_RETRIEVALS = ['tool', 'before_each_answer'] as const;
export type KnowledgeRetrieval = (typeof KNOWLEDGE_RETRIEVALS)[number];

export const DEFAULT_KNOWLEDGE_RETRIEVAL: KnowledgeRetrieval = 'tool';

/** The agent's retrieval mode, the default when it names none. */
export const knowledgeRetrievalOf = (agent: { readonly knowledgeRetrieval?: KnowledgeRetrieval }): KnowledgeRetrieval =>
  agent.knowledgeRetrieval ?? DEFAULT_KNOWLEDGE_RETRIEVAL;

export const isKnowledgeRetrieval = (value: unknown): value is KnowledgeRetrieval =>
  typeof value === 'string' && (KNOWLEDGE_RETRIEVALS as readonly string[]).includes(value);

/** Searching before each answer needs something to search: an agent in that mode names a knowledge base. */
export const checkKnowledgeRetrieval = (retrieval: KnowledgeRetrieval | undefined, knowledgeBaseIds: readonly string[]): E.Either<InvalidField, void> => {
  if (retrieval !== undefined && !isKnowledgeRetrieval(retrieval)) {
    return E.left(invalidField('knowledgeRetrieval', `must be one of ${KNOWLEDGE_RETRIEVALS.join(', ')}`));
  }
  if (retrieval === 'before_each_answer' && knowledgeBaseIds.length === 0) {
    return E.left(invalidField('knowledgeRetrieval', 'before_each_answer needs at least one of knowledgeBaseIds'));
  }
  return E.right(undefined);
};

/** Kept only when it differs from the default, so an agent left in `tool` mode reads back the same from every store. */
export const retrievalField = (retrieval: KnowledgeRetrieval | undefined): { readonly knowledgeRetrieval?: KnowledgeRetrieval } =>
  retrieval !== undefined && retrieval !== DEFAULT_KNOWLEDGE_RETRIEVAL ? { knowledgeRetrieval: retrieval } : {};
