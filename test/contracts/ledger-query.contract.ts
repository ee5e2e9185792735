import { describe, expect, it } from 'vitest';
import { cents } from '../../src/domain/money.js';
import { aLedgerEntry, aProject, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const page = (offset: number, limit: number) => ({ offset, limit });

/** A project's account entries (LedgerQuery), on every storage adapter. */
export const ledgerQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} ledger query`, () => {
    const { inTx, queries, read } = useStore(open);

    it('lists newest first with paging and total, every field kept, a page past the last one included', async () => {
      const project = aProject();
      const projectId = project.id;
      const older = aLedgerEntry({ projectId, amountCents: cents(1000), reason: 'signup_credit', createdAt: at(1) });
      const newer = aLedgerEntry({ projectId, amountCents: cents(-300), reason: 'number_renewal', resourceId: newId('num'), createdAt: at(2) });
      const newest = aLedgerEntry({ projectId, amountCents: cents(-500), reason: 'recording_renewal', periodEnd: new Date('2026-02-01T00:00:00.123Z'), note: 'invoice 7', createdAt: at(3) });
      await inTx(async (tx) => {
        await tx.projects.save(project);
        for (const entry of [newer, older, newest, aLedgerEntry()]) await tx.ledger.append(entry);
      });

      const pages = await read(async () => [
        await queries().ledger.page(projectId, page(0, 2)),
        await queries().ledger.page(projectId, page(2, 2)),
        await queries().ledger.page(projectId, page(4, 2)),
      ]);

      expect(pages).toEqual([
        { items: [newest, newer], total: 3 },
        { items: [older], total: 3 },
        { items: [], total: 3 },
      ]);
    });

    it('answers an empty page for a project without entries, and nothing without the project', async () => {
      const project = aProject();
      await inTx((tx) => tx.projects.save(project));

      const answers = await read(async () => ({
        empty: await queries().ledger.page(project.id, page(0, 10)),
        unknown: await queries().ledger.page(newId('prj'), page(0, 10)),
      }));

      expect(answers).toEqual({ empty: { items: [], total: 0 }, unknown: null });
    });
  });
};
