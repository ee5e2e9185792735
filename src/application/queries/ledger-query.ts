import type { LedgerEntry } from '../../domain/ledger.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** A project's account entries, newest first: what its balance is the sum of. */
export interface LedgerQuery {
  /** A page of the project's entries with their total; null when there is no such project. */
  page(projectId: string, page: PageRequest): Promise<Page<LedgerEntry> | null>;
}
