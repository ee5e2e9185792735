import type { Agent } from '../../domain/agent.js';
import type { TurnSource } from '../../domain/call.js';
import type { KnowledgePassage } from '../../domain/knowledge-base.js';
import { knowledgeRetrievalOf } from '../../domain/knowledge-retrieval.js';
import type { Logger } from '../ports/logger.js';
import type { KnowledgeSearch } from '../queries/knowledge-search.js';
import { MAX_QUERY, numbered, PASSAGES, sourceOf } from './knowledge-tool.js';

/**
 * The most text of passages one answer is given: four passages of the longest kind, so a
 * large knowledge base never crowds the caller's conversation out of the model's request.
 */
export const MAX_CONTEXT_CHARS = 6000;

/** The passages found for the caller's words, as the model's context message and as the agent turn's sources. */
export interface KnowledgeContext {
  readonly message: string;
  readonly sources: readonly TurnSource[];
}

/** True when the agent's knowledge bases are searched before each of its answers. */
export const retrievesBeforeEachAnswer = (agent: Agent | null, search: KnowledgeSearch | undefined): search is KnowledgeSearch =>
  search !== undefined && !!agent?.knowledgeBaseIds?.length && knowledgeRetrievalOf(agent) === 'before_each_answer';

/** Keeps passages, best first, while they fit; the one that would overflow is cut to what is left. */
const bounded = (passages: readonly KnowledgePassage[]): KnowledgePassage[] => {
  const kept: KnowledgePassage[] = [];
  let left = MAX_CONTEXT_CHARS;
  for (const passage of passages) {
    if (left <= 0) break;
    kept.push(passage.content.length > left ? { ...passage, content: `${passage.content.slice(0, left)}…` } : passage);
    left -= passage.content.length;
  }
  return kept;
};

/**
 * Searches the agent's knowledge bases with the caller's latest words. Null when there is
 * nothing to search with, nothing is found, or the store fails (logged): the model then answers
 * without passages, and the call goes on.
 */
export const knowledgeContextFor = async (search: KnowledgeSearch, agent: Agent, words: string, log: Logger): Promise<KnowledgeContext | null> => {
  const text = words.trim().slice(0, MAX_QUERY);
  if (text === '') return null;
  try {
    const found = await search.search({ projectId: agent.projectId, knowledgeBaseIds: agent.knowledgeBaseIds ?? [], text, limit: PASSAGES });
    if (found.length === 0) return null;
    const passages = bounded(found);
    return {
      message:
        'Passages of the knowledge base found for what the caller just said, best first. Answer from them when they fit, ' +
        'naming the document you used; if none answers the question, say you do not know rather than guess.\n\n' +
        numbered(passages),
      sources: passages.map(sourceOf),
    };
  } catch (error) {
    log.warn({ agentId: agent.id, err: String(error) }, 'the knowledge base could not be searched before the answer; the model answers without passages');
    return null;
  }
};
