import { EntitySchema } from '@mikro-orm/core';

/** A row of `agents`. */
export interface AgentRow {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  voiceMode: string;
  systemPrompt: string | null;
  greeting: string | null;
  voice: string;
  transferNumber: string | null;
  language: string;
  customTools: unknown[];
  analysis: boolean;
  analysisSchema: Record<string, unknown> | null;
  successCriteria: string | null;
  /** The agent's CallBehaviour as JSON; null: the defaults. */
  callBehaviour: Record<string, unknown> | null;
  /** The agent's ConversationSettings as JSON; null: the defaults. */
  conversation?: Record<string, unknown> | null;
  /** The ids of the knowledge bases the agent searches, as a JSON array. */
  knowledgeBaseIds: unknown[];
  /** `tool` or `before_each_answer`. */
  knowledgeRetrieval: string;
  /** The agent's MCP servers, as a JSON array. */
  mcpServers: unknown[];
  /** The agents it may hand a call to, as a JSON array. */
  handoffs: unknown[];
  createdAt: Date;
  updatedAt: Date;
}

export const AgentSchema = new EntitySchema<AgentRow>({
  name: 'AgentRow',
  tableName: 'agents',
  indexes: [{ name: 'agents_project_created_index', properties: ['projectId', 'createdAt', 'id'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    name: { type: 'string', columnType: 'text' },
    description: { type: 'string', columnType: 'text', nullable: true },
    voiceMode: { type: 'string', columnType: 'text' },
    systemPrompt: { type: 'string', columnType: 'text', nullable: true },
    greeting: { type: 'string', columnType: 'text', nullable: true },
    voice: { type: 'string', columnType: 'text' },
    transferNumber: { type: 'string', columnType: 'text', nullable: true },
    language: { type: 'string', columnType: 'text' },
    customTools: { type: 'json', columnType: 'jsonb' },
    analysis: { type: 'boolean' },
    analysisSchema: { type: 'json', columnType: 'jsonb', nullable: true },
    successCriteria: { type: 'string', columnType: 'text', nullable: true },
    callBehaviour: { type: 'json', nullable: true },
    conversation: { type: 'json', columnType: 'jsonb', nullable: true },
    knowledgeBaseIds: { type: 'json', columnType: 'jsonb' },
    knowledgeRetrieval: { type: 'string', columnType: 'text', default: 'tool' },
    mcpServers: { type: 'json', columnType: 'jsonb' },
    handoffs: { type: 'json', columnType: 'jsonb' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
