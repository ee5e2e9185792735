import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerRepository } from '../../application/ports/repositories.js';
import type { LedgerEntry, LedgerReason } from '../../domain/ledger.js';
import { cents, type Cents } from '../../domain/money.js';
import { LedgerEntrySchema, type LedgerEntryRow } from './entities/ledger-entry.js';
import { runSelect } from './native-select.js';
import { dateOf, insertRowsNative } from './storage-support.js';

export const toLedgerEntry = (row: LedgerEntryRow): LedgerEntry => ({
  id: row.id,
  projectId: row.projectId,
  amountCents: cents(row.amountCents),
  reason: row.reason as LedgerReason,
  resourceId: row.resourceId,
  periodEnd: row.periodEnd,
  note: row.note,
  createdAt: row.createdAt,
});

export const toLedgerEntryRow = (entry: LedgerEntry): LedgerEntryRow => ({
  id: entry.id,
  projectId: entry.projectId,
  amountCents: entry.amountCents,
  reason: entry.reason,
  resourceId: entry.resourceId,
  periodEnd: entry.periodEnd,
  note: entry.note,
  createdAt: entry.createdAt,
});

/** The ledger's reads: fixed texts naming what they select, so prepared. */
const READ = { prepare: true, effect: 'read' } as const;

export class MikroOrmLedgerRepository implements LedgerRepository {
  constructor(private readonly em: EntityManager) {}

  async append(entry: LedgerEntry): Promise<void> {
    await insertRowsNative(this.em, LedgerEntrySchema, [toLedgerEntryRow(entry)]);
  }

  async balanceOf(projectId: string): Promise<Cents> {
    // sum() of integers is a bigint, which pg hands back as a string.
    const [row] = await runSelect(
      this.em,
      'select coalesce(sum(amount_cents), 0)::bigint as balance from ledger_entries where project_id = ?',
      [projectId],
      READ,
    );
    return cents(Number(row?.balance ?? 0));
  }

  async paidThrough(projectId: string, resourceId: string): Promise<Date | null> {
    const [row] = await runSelect(
      this.em,
      'select max(period_end) as paid_through from ledger_entries where project_id = ? and resource_id = ?',
      [projectId, resourceId],
      READ,
    );
    return dateOf(row?.paid_through);
  }

  async chargesSince(projectId: string, since: Date): Promise<Cents> {
    const [row] = await runSelect(
      this.em,
      'select coalesce(-sum(amount_cents), 0)::bigint as charges from ledger_entries where project_id = ? and amount_cents < 0 and created_at >= ?',
      [projectId, since],
      READ,
    );
    return cents(Number(row?.charges ?? 0));
  }
}
