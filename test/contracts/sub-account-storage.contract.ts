import { describe, expect, it } from 'vitest';
import { DuplicateKey } from '../../src/application/ports/repositories.js';
import type { Project } from '../../src/domain/project.js';
import { aProject, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const aSubAccount = (parent: Project, overrides: Partial<Project> = {}): Project =>
  aProject({ email: parent.email, parent: { id: parent.id, balance: 'shared' }, ...overrides });

/** Projects as sub-accounts: a parent, a balance mode, the owner's address shared, a list per parent. */
export const subAccountStorageContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} sub-account storage`, () => {
    const { inTx } = useStore(open);

    it('round-trips a sub-account with its parent and balance mode, and a top-level project without', async () => {
      const parent = aProject();
      const own = aSubAccount(parent, { parent: { id: parent.id, balance: 'own' }, maxConcurrentCalls: 3 });
      const shared = aSubAccount(parent);
      await inTx(async (tx) => {
        for (const p of [parent, own, shared]) await tx.projects.save(p);
      });
      const found = await inTx(async (tx) => Promise.all([parent, own, shared].map((p) => tx.projects.findById(p.id))));
      expect(found).toEqual([parent, own, shared]);
      expect(found[0]).not.toHaveProperty('parent');
    });

    it('lets sub-accounts carry their parent’s address, still one top-level project per address, found by it', async () => {
      const parent = aProject();
      const children = [aSubAccount(parent), aSubAccount(parent)];
      await inTx(async (tx) => {
        for (const p of [parent, ...children]) await tx.projects.save(p);
      });
      expect(await inTx((tx) => tx.projects.findByEmail(parent.email))).toEqual(parent);
      await expect(inTx((tx) => tx.projects.save(aProject({ email: parent.email })))).rejects.toBeInstanceOf(DuplicateKey);
    });

    it('lists a parent’s open sub-accounts oldest first, with paging and total, not its closed ones or another’s', async () => {
      const parent = aProject();
      const other = aProject();
      const [b, a, c] = [2, 1, 3].map((s) => aSubAccount(parent, { createdAt: at(s) })) as [Project, Project, Project];
      const closed = aSubAccount(parent, { status: 'closed', createdAt: at(0) });
      const suspended = aSubAccount(parent, { status: 'suspended', createdAt: at(4) });
      await inTx(async (tx) => {
        for (const p of [parent, other, b, a, c, closed, suspended, aSubAccount(other)]) await tx.projects.save(p);
      });
      const [first, second, none] = await inTx(async (tx) => [
        await tx.projects.listChildren(parent.id, { offset: 0, limit: 2 }),
        await tx.projects.listChildren(parent.id, { offset: 2, limit: 10 }),
        await tx.projects.listChildren(newId('prj'), { offset: 0, limit: 10 }),
      ]);
      expect(first).toEqual({ items: [a, b], total: 4 });
      expect(second).toEqual({ items: [c, suspended], total: 4 });
      expect(none).toEqual({ items: [], total: 0 });
    });

    it('refuses a sub-account whose parent does not exist', async () => {
      const orphan = aProject({ parent: { id: newId('prj'), balance: 'own' } });
      await expect(inTx((tx) => tx.projects.save(orphan))).rejects.toThrow();
    });
  });
};
