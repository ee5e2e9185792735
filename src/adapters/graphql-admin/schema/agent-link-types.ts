import { handoffToolName } from '../../../domain/agent-handoff.js';
import { agentsOfCall } from '../../../domain/call-handoff.js';
import { withHiddenHeaders } from '../../../domain/mcp-server.js';
import { knowledgeRetrievalOf } from '../../../domain/knowledge-retrieval.js';
import type { AdminBuilder } from './builder.js';

/** An agent's knowledge bases, MCP servers and handoffs, and the agents a call went through. */
export const defineAgentLinkTypes = (builder: AdminBuilder): void => {
  builder.objectField('Agent', 'knowledgeBaseIds', (t) =>
    t.stringList({ description: 'The knowledge bases a hosted agent searches.', resolve: ({ agent }) => [...(agent.knowledgeBaseIds ?? [])] }),
  );
  builder.objectField('Agent', 'knowledgeRetrieval', (t) =>
    t.string({
      description: 'tool: the model searches its knowledge bases when it chooses; before_each_answer: the caller\'s words are searched before every answer.',
      resolve: ({ agent }) => knowledgeRetrievalOf(agent),
    }),
  );
  builder.objectField('Agent', 'mcpServers', (t) =>
    t.field({
      type: 'JSON',
      description: 'MCP servers whose allowed tools the model may call in hosted mode; header values show as "(hidden)".',
      resolve: ({ agent }) => (agent.mcpServers ?? []).map(withHiddenHeaders),
    }),
  );
  builder.objectField('Agent', 'handoffs', (t) =>
    t.field({
      type: 'JSON',
      description: 'The agents it may pass a live call to, each with when, and the tool a hosted agent gets for it.',
      resolve: ({ agent }) => (agent.handoffs ?? []).map((h) => ({ ...h, tool: handoffToolName(h) })),
    }),
  );
  builder.objectField('Call', 'agents', (t) =>
    t.field({
      type: 'JSON',
      description: 'The agents of the call, first to last: `since` when each took it, with the summary it was handed (null for the first).',
      resolve: (call) => agentsOfCall(call).map((a) => ({ ...a, since: a.since.toISOString() })),
    }),
  );
};
