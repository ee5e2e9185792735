import type { Agent } from '../../domain/agent.js';
import { knowledgeRetrievalOf } from '../../domain/knowledge-retrieval.js';
import type { TurnSource } from '../../domain/call.js';
import type { KnowledgePassage } from '../../domain/knowledge-base.js';
import type { ToolDefinition } from '../ports/language-model.js';
import type { KnowledgeSearch } from '../queries/knowledge-search.js';
import type { ToolRunResult } from './custom-tool-runner.js';

export const KNOWLEDGE_TOOL = 'search_knowledge';

/** Passages given to the model a search: enough to answer from, few enough to keep the turn quick. */
export const PASSAGES = 4;
/** A query longer than a sentence or two is no search. */
export const MAX_QUERY = 300;

/**
 * A hosted agent's knowledge-base search, offered when it names knowledge bases, the store can
 * search them, and it is not given passages before each answer already.
 */
export const knowledgeTools = (agent: Agent | null, search: KnowledgeSearch | undefined): ToolDefinition[] =>
  search && agent?.knowledgeBaseIds?.length && knowledgeRetrievalOf(agent) === 'tool'
    ? [
        {
          name: KNOWLEDGE_TOOL,
          description:
            "Search the business's knowledge base (policies, prices, opening hours, FAQs) before answering a factual question. " +
            'Answer from the passages found, naming the document you used; if nothing fits, say you do not know rather than guess.',
          parameters: {
            type: 'object',
            properties: { query: { type: 'string', description: 'A few key words of what the caller asked, e.g. "refund damaged item".' } },
            required: ['query'],
            additionalProperties: false,
          },
        },
      ]
    : [];

export const sourceOf = (p: KnowledgePassage): TurnSource => ({
  knowledgeBaseId: p.knowledgeBaseId,
  documentId: p.documentId,
  documentTitle: p.documentTitle,
  position: p.position,
  heading: p.heading,
});

export const numbered = (passages: readonly KnowledgePassage[]): string =>
  passages.map((p, i) => `[${i + 1}] ${p.documentTitle}${p.heading ? ` › ${p.heading}` : ''}: ${p.content}`).join('\n\n');

/**
 * Runs the model's search over the agent's knowledge bases: the passages as numbered words for
 * the model, and as the result's sources for the transcript. Never throws: a failing store is
 * words too, and the call goes on.
 */
export const searchKnowledge = async (search: KnowledgeSearch, agent: Agent, args: Readonly<Record<string, unknown>>): Promise<ToolRunResult> => {
  const query = typeof args.query === 'string' ? args.query.trim().slice(0, MAX_QUERY) : '';
  if (query === '') return { outcome: 'error', httpStatus: null, content: `Not searched: ${KNOWLEDGE_TOOL} needs a query of a few words.` };
  try {
    const passages = await search.search({ projectId: agent.projectId, knowledgeBaseIds: agent.knowledgeBaseIds ?? [], text: query, limit: PASSAGES });
    if (passages.length === 0) return { outcome: 'ok', httpStatus: null, content: `Nothing in the knowledge base matches "${query}". Do not guess: say you do not know, or offer to find out.` };
    return { outcome: 'ok', httpStatus: null, content: `Passages found for "${query}", best first:\n\n${numbered(passages)}`, sources: passages.map(sourceOf) };
  } catch (error) {
    return { outcome: 'error', httpStatus: null, content: `The knowledge base could not be searched right now (${String(error)}). Tell the caller you cannot look that up at the moment.` };
  }
};
