import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { LedgerRepository } from '../../application/ports/repositories.js';
import type { LedgerEntry, LedgerReason } from '../../domain/ledger.js';
import { cents, type Cents } from '../../domain/money.js';
import { LedgerEntrySchema, type LedgerEntryRow } from './entities/ledger-entry.js';
import { findPage } from './storage-support.js';

export const toLedgerEntry = (row: LedgerEntryRow): LedgerEntry => ({
  id: row.id,
  projectId: row.projectId,
  amountCents: cents(row.amountCents),
  reason: row.reason as LedgerReason,
  resourceId: row.resourceId,
  createdAt: row.createdAt,
});

export const toLedgerEntryRow = (entry: LedgerEntry): LedgerEntryRow => ({
  id: entry.id,
  projectId: entry.projectId,
  amountCents: entry.amountCents,
  reason: entry.reason,
  resourceId: entry.resourceId,
  createdAt: entry.createdAt,
});

export class MikroOrmLedgerRepository implements LedgerRepository {
  constructor(private readonly em: EntityManager) {}

  async append(entry: LedgerEntry): Promise<void> {
    await this.em.insert(LedgerEntrySchema, toLedgerEntryRow(entry));
  }

  async balanceOf(projectId: string): Promise<Cents> {
    // sum() of integers is a bigint, which pg hands back as a string.
    const [row] = await this.em.execute<{ balance: string }[]>(
      'select coalesce(sum(amount_cents), 0)::bigint as balance from ledger_entries where project_id = ?',
      [projectId],
    );
    return cents(Number(row?.balance ?? 0));
  }

  list(projectId: string, page: PageRequest): Promise<Page<LedgerEntry>> {
    return findPage(
      this.em,
      LedgerEntrySchema,
      { projectId },
      { createdAt: 'desc', id: 'desc' },
      page,
      toLedgerEntry,
    );
  }
}
