import { EntitySchema } from '@mikro-orm/core';

/** A row of `contacts`. */
export interface ContactRow {
  id: string;
  projectId: string;
  name: string;
  phoneNumber: string;
  email: string | null;
  notes: string | null;
  doNotCall: boolean;
  /** `{voice, sms}`, each null or `{basis, source, capturedAt, evidence}` (capturedAt ISO text). */
  consent: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export const ContactSchema = new EntitySchema<ContactRow>({
  name: 'ContactRow',
  tableName: 'contacts',
  uniques: [{ name: 'contacts_project_phone_unique', properties: ['projectId', 'phoneNumber'] }],
  indexes: [{ name: 'contacts_project_created_index', properties: ['projectId', 'createdAt', 'id'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    name: { type: 'string', columnType: 'text' },
    phoneNumber: { type: 'string', columnType: 'text' },
    email: { type: 'string', columnType: 'text', nullable: true },
    notes: { type: 'string', columnType: 'text', nullable: true },
    doNotCall: { type: 'boolean' },
    consent: { type: 'json', columnType: 'jsonb' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
