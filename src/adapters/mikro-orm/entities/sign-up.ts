import { EntitySchema } from '@mikro-orm/core';

/** A row of `sign_ups`: pending and completed self-signups; the code only as its hash. */
export interface SignUpRow {
  id: string;
  email: string;
  agentName: string | null;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  status: string;
  projectId: string | null;
  createdAt: Date;
  verifiedAt: Date | null;
}

export const SignUpSchema = new EntitySchema<SignUpRow>({
  name: 'SignUpRow',
  tableName: 'sign_ups',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    email: { type: 'string', columnType: 'text', index: 'sign_ups_email_index' },
    agentName: { type: 'string', columnType: 'text', nullable: true },
    codeHash: { type: 'string', columnType: 'text' },
    attempts: { type: 'integer' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    status: { type: 'string', columnType: 'text' },
    projectId: { type: 'string', columnType: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    verifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
