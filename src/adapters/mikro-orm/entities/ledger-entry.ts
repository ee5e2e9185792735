import { EntitySchema } from '@mikro-orm/core';

/** A row of `ledger_entries`: credits are positive, charges negative. */
export interface LedgerEntryRow {
  id: string;
  projectId: string;
  amountCents: number;
  reason: string;
  resourceId: string | null;
  periodEnd: Date | null;
  note: string | null;
  createdAt: Date;
}

export const LedgerEntrySchema = new EntitySchema<LedgerEntryRow>({
  name: 'LedgerEntryRow',
  tableName: 'ledger_entries',
  indexes: [{ name: 'ledger_entries_project_created_index', properties: ['projectId', 'createdAt', 'id'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    amountCents: { type: 'integer' },
    reason: { type: 'string', columnType: 'text' },
    resourceId: { type: 'string', columnType: 'text', nullable: true },
    periodEnd: { type: 'Date', columnType: 'timestamptz', nullable: true },
    note: { type: 'string', columnType: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
