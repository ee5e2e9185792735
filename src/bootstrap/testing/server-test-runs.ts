import * as E from 'fp-ts/lib/Either.js';
import type { TestedAgents } from '../../application/ports/tested-agents.js';
import type { ScenarioReader } from '../../application/testing/scenario-reader.js';
import type { KnowledgeCopy } from '../../application/ports/scenario-stage.js';
import { hasMore } from '../../application/ports/pagination.js';
import type { Repositories } from '../../application/ports/repositories.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { AgentQuery } from '../../application/queries/agent-query.js';
import type { ConversationSupport } from '../../domain/conversation-settings.js';
import { endpointFor } from '../../application/webhooks/outbox.js';
import { ScenarioCodec } from '../../adapters/rest/codecs/scenarios.js';
import { reportProblems } from '../../adapters/rest/decode.js';
import { agentView } from '../../adapters/rest/views/agents.js';

/** Where a kept scenario's agent goes while it is decoded: the run puts the project's agent in its place. */
const PLACEHOLDER_AGENT = { id: 'agent-under-test' };

/** Kept scenario documents read with the scenario files' own codec, so a test means on the server what it means in the CLI. */
export const storedScenarioReader: ScenarioReader = {
  read: (document) =>
    E.mapLeft((errors: Parameters<typeof reportProblems>[0]) => reportProblems(errors, 'body').map((p) => `${p.field} ${p.message}`))(
      ScenarioCodec.decode({ ...document, agent: PLACEHOLDER_AGENT }),
    ),
};

/** Documents read a page at a time: a knowledge base holds at most a few hundred. */
const DOCUMENT_PAGE = 100;

/** Copies of the knowledge bases the agent names (those the project still has), documents' text included. */
const knowledgeOf = (repos: Repositories, projectId: string, ids: readonly string[]): Promise<KnowledgeCopy[]> =>
  repos.knowledgeBases.findMany(projectId, ids).then((bases) =>
    Promise.all(
      bases.map(async (base): Promise<KnowledgeCopy> => {
        const documents: { title: string; content: string }[] = [];
        for (let offset = 0; ; offset += DOCUMENT_PAGE) {
          const page = await repos.knowledgeDocuments.list(projectId, base.id, { limit: DOCUMENT_PAGE, offset });
          documents.push(...page.items.map((d) => ({ title: d.title, content: d.content })));
          if (!hasMore(page, { limit: DOCUMENT_PAGE, offset })) break;
        }
        return { id: base.id, name: base.name, description: base.description, documents };
      }),
    ),
  );

/**
 * The project's agent as a definition for the run's stage: its fields as `GET /v1/agents/{id}`
 * shows them (the agent body's codec reads them back), the webhook its events go to, secret
 * included, so a webhook agent checks the signatures it always does, and copies of its knowledge
 * bases, so its `search_knowledge` finds in the stage what it finds in the project.
 */
export const projectAgents = (uow: UnitOfWork, agents: AgentQuery, support: ConversationSupport): TestedAgents => ({
  definitionOf: async (projectId, agentId) => {
    const agent = await agents.withNumbers(projectId, agentId);
    const found = await uow.transaction(async (repos) => {
      if (!agent) return E.right(null);
      const webhook = agent.agent.voiceMode === 'webhook' ? await endpointFor(repos, projectId, agentId) : null;
      const named = agent.agent.knowledgeBaseIds ?? [];
      const knowledge = named.length > 0 ? await knowledgeOf(repos, projectId, named) : [];
      return E.right({ agent, webhook, knowledge });
    });
    if (E.isLeft(found) || found.right === null) return null;
    const { id: _id, createdAt: _created, updatedAt: _updated, numbers: _numbers, beginMessage: _alias, ...definition } = agentView(support)(found.right.agent);
    const { webhook, knowledge } = found.right;
    return { kind: 'inline', definition, webhook: webhook ? { url: webhook.url, secret: webhook.secret, timeoutSeconds: webhook.timeoutSeconds } : null, knowledge };
  },
});
