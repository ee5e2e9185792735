import * as E from 'fp-ts/lib/Either.js';
import type { TestedAgents } from '../../application/ports/tested-agents.js';
import type { ScenarioReader } from '../../application/testing/scenario-reader.js';
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

/**
 * The project's agent as a definition for the run's stage: its fields as `GET /v1/agents/{id}`
 * shows them (the agent body's codec reads them back), and the webhook its events go to, secret
 * included, so a webhook agent checks the signatures it always does. Knowledge bases stay behind:
 * the stage holds none of the project's documents.
 */
export const projectAgents = (uow: UnitOfWork, agents: AgentQuery, support: ConversationSupport): TestedAgents => ({
  definitionOf: async (projectId, agentId) => {
    const agent = await agents.withNumbers(projectId, agentId);
    const found = await uow.transaction(async (repos) => {
      const webhook = agent && agent.agent.voiceMode === 'webhook' ? await endpointFor(repos, projectId, agentId) : null;
      return E.right(agent ? { agent, webhook } : null);
    });
    if (E.isLeft(found) || found.right === null) return null;
    const { id: _id, createdAt: _created, updatedAt: _updated, numbers: _numbers, beginMessage: _alias, knowledgeBaseIds: _kbs, ...definition } = agentView(support)(found.right.agent);
    const webhook = found.right.webhook;
    return { kind: 'inline', definition, webhook: webhook ? { url: webhook.url, secret: webhook.secret, timeoutSeconds: webhook.timeoutSeconds } : null };
  },
});
