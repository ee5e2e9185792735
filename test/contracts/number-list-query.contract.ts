import { describe, expect, it } from 'vitest';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import { aNumber, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const page = (offset: number, limit: number) => ({ offset, limit });

/** A project's numbers (NumberListQuery), on every storage adapter; the operator's list of all of them is in the operator queries' contract. */
export const numberListQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} number list query`, () => {
    const { inTx, queries, read } = useStore(open);

    it('lists live numbers oldest first with paging and total, a page past the last one included', async () => {
      const projectId = newId('prj');
      const [n1, n2, n3] = [1, 2, 3].map((s) => aNumber({ projectId, createdAt: at(s) })) as [PhoneNumber, PhoneNumber, PhoneNumber];
      const released = aNumber({ projectId, createdAt: at(0), status: 'released', releasedAt: at(4) });
      await inTx(async (tx) => {
        for (const n of [n3, released, n1, n2, aNumber()]) await tx.numbers.save(n);
      });

      const pages = await read(async () => [
        await queries().numbers.live(projectId, page(0, 2)),
        await queries().numbers.live(projectId, page(2, 2)),
        await queries().numbers.live(projectId, page(4, 2)),
        await queries().numbers.all(projectId, page(4, 2)),
      ]);

      expect(pages).toEqual([
        { items: [n1, n2], total: 3 },
        { items: [n3], total: 3 },
        { items: [], total: 3 },
        { items: [], total: 4 },
      ]);
    });
  });
};
