import { EntitySchema } from '@mikro-orm/core';

/** A row of `messages`; `mediaUrls` is a jsonb array. Foreign keys live in the migration. */
export interface MessageRow {
  id: string;
  projectId: string;
  conversationId: string;
  phoneNumberId: string;
  direction: string;
  channel: string;
  body: string;
  fromNumber: string;
  toNumber: string;
  status: string;
  mediaUrls: string[];
  providerMessageId: string | null;
  errorCode: string | null;
  receivedAt: Date;
}

export const MessageSchema = new EntitySchema<MessageRow>({
  name: 'MessageRow',
  tableName: 'messages',
  uniques: [
    { name: 'messages_number_received_unique', properties: ['phoneNumberId', 'receivedAt'] },
  ],
  indexes: [{ name: 'messages_conversation_received_index', properties: ['conversationId', 'receivedAt', 'id'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    conversationId: { type: 'string', columnType: 'text' },
    phoneNumberId: { type: 'string', columnType: 'text' },
    direction: { type: 'string', columnType: 'text' },
    channel: { type: 'string', columnType: 'text' },
    body: { type: 'string', columnType: 'text' },
    fromNumber: { type: 'string', columnType: 'text' },
    toNumber: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    mediaUrls: { type: 'json', columnType: 'jsonb' },
    providerMessageId: { type: 'string', columnType: 'text', nullable: true },
    errorCode: { type: 'string', columnType: 'text', nullable: true },
    receivedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
