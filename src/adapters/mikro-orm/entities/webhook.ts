import { EntitySchema } from '@mikro-orm/core';

/**
 * A row of `webhooks`: the account default has `agentId` null. One per (project, agent); the
 * unique index (on `coalesce(agent_id, '')`, so one default too) lives in the migration.
 */
export interface WebhookRow {
  id: string;
  projectId: string;
  agentId: string | null;
  url: string;
  secret: string;
  contextLimit: number;
  timeoutSeconds: number;
  createdAt: Date;
  updatedAt: Date;
}

export const WebhookSchema = new EntitySchema<WebhookRow>({
  name: 'WebhookRow',
  tableName: 'webhooks',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text', nullable: true },
    url: { type: 'string', columnType: 'text' },
    secret: { type: 'string', columnType: 'text' },
    contextLimit: { type: 'integer' },
    timeoutSeconds: { type: 'integer' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
