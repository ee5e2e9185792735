import { EntitySchema } from '@mikro-orm/core';

/**
 * A row of `phone_numbers`. `agentId` is a plain column (the foreign key to `agents`, ON DELETE
 * SET NULL, lives in the migration): repositories map rows, they never walk relations.
 */
export interface PhoneNumberRow {
  id: string;
  projectId: string;
  phoneNumber: string;
  country: string;
  status: string;
  agentId: string | null;
  providerId: string;
  createdAt: Date;
  releasedAt: Date | null;
}

export const PhoneNumberSchema = new EntitySchema<PhoneNumberRow>({
  name: 'PhoneNumberRow',
  tableName: 'phone_numbers',
  indexes: [
    { name: 'phone_numbers_project_created_index', properties: ['projectId', 'createdAt', 'id'] },
    { name: 'phone_numbers_agent_id_index', properties: ['agentId'] },
  ],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    phoneNumber: { type: 'string', columnType: 'text' },
    country: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text', nullable: true },
    providerId: { type: 'string', columnType: 'text' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    releasedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
