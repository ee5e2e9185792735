import { EntitySchema } from '@mikro-orm/core';

/** A row of `messaging_registrations`, one per project, as MikroORM writes it. Read with native statements. */
export interface MessagingRegistrationRow {
  projectId: string;
  registrar: string;
  status: string;
  brand: Record<string, unknown>;
  campaign: Record<string, unknown>;
  brandStatus: string | null;
  campaignStatus: string | null;
  failureReason: string | null;
  carrierReferences: Record<string, string>;
  submittedAt: Date;
  checkedAt: Date;
  senders: string[];
}

export const MessagingRegistrationSchema = new EntitySchema<MessagingRegistrationRow>({
  name: 'MessagingRegistrationRow',
  tableName: 'messaging_registrations',
  properties: {
    projectId: { type: 'string', columnType: 'text', primary: true },
    registrar: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    brand: { type: 'json', columnType: 'jsonb' },
    campaign: { type: 'json', columnType: 'jsonb' },
    brandStatus: { type: 'string', columnType: 'text', nullable: true },
    campaignStatus: { type: 'string', columnType: 'text', nullable: true },
    failureReason: { type: 'string', columnType: 'text', nullable: true },
    carrierReferences: { type: 'json', columnType: 'jsonb' },
    submittedAt: { type: 'Date', columnType: 'timestamptz' },
    checkedAt: { type: 'Date', columnType: 'timestamptz' },
    senders: { type: 'json', columnType: 'jsonb' },
  },
});
