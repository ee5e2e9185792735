import { EntitySchema } from '@mikro-orm/core';

/** A row of `conversations`; `state` is jsonb. Foreign keys live in the migration. */
export interface ConversationRow {
  id: string;
  projectId: string;
  agentId: string | null;
  phoneNumberId: string;
  phoneNumber: string;
  participant: string;
  channel: string;
  lastMessageAt: Date;
  lastMessagePreview: string;
  messageCount: number;
  state: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ConversationSchema = new EntitySchema<ConversationRow>({
  name: 'ConversationRow',
  tableName: 'conversations',
  uniques: [{ name: 'conversations_thread_unique', properties: ['phoneNumberId', 'participant'] }],
  indexes: [
    { name: 'conversations_project_last_message_index', properties: ['projectId', 'lastMessageAt', 'id'] },
    { name: 'conversations_agent_last_message_index', properties: ['agentId', 'lastMessageAt', 'id'] },
  ],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text', nullable: true },
    phoneNumberId: { type: 'string', columnType: 'text' },
    phoneNumber: { type: 'string', columnType: 'text' },
    participant: { type: 'string', columnType: 'text' },
    channel: { type: 'string', columnType: 'text' },
    lastMessageAt: { type: 'Date', columnType: 'timestamptz' },
    lastMessagePreview: { type: 'string', columnType: 'text' },
    messageCount: { type: 'integer', columnType: 'integer' },
    state: { type: 'json', columnType: 'jsonb', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
