import { EntitySchema } from '@mikro-orm/core';

/** A row of `agent_tests`: a scenario of one agent, kept as JSON. */
export interface AgentTestRow {
  id: string;
  projectId: string;
  agentId: string;
  name: string;
  scenario: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export const AgentTestSchema = new EntitySchema<AgentTestRow>({
  name: 'AgentTestRow',
  tableName: 'agent_tests',
  indexes: [{ name: 'agent_tests_agent_index', properties: ['projectId', 'agentId', 'createdAt', 'id'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text' },
    name: { type: 'string', columnType: 'text' },
    scenario: { type: 'json', columnType: 'jsonb' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
