import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/domain/project.js';
import { anApiKey, aProject, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const page = (offset: number, limit: number) => ({ offset, limit });

/** The operator's reads of projects and their keys (ProjectListQuery, ProjectQuery, ApiKeyListQuery), on every storage adapter. */
export const projectQueriesContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} project queries`, () => {
    const { inTx, queries, read } = useStore(open);

    it('lists projects oldest first, filtered by e-mail in any case, with paging and total, a page past the last one included', async () => {
      const tag = randomUUID().slice(0, 8);
      const [a, b, c] = [2, 1, 3].map((s) => aProject({ email: `${tag}-${s}-${newId('p')}@example.com`, createdAt: at(s) })) as [Project, Project, Project];
      await inTx(async (tx) => {
        for (const p of [a, b, c, aProject()]) await tx.projects.save(p);
      });

      const pages = await read(async () => [
        await queries().projects.page({ ...page(0, 2), email: tag }),
        await queries().projects.page({ ...page(2, 2), email: tag.toUpperCase() }),
        await queries().projects.page({ ...page(4, 2), email: tag }),
        await queries().projects.page({ ...page(0, 2), email: `${tag}-none` }),
      ]);

      expect(pages).toEqual([
        { items: [b, a], total: 3 },
        { items: [c], total: 3 },
        { items: [], total: 3 },
        { items: [], total: 0 },
      ]);
    });

    it('lists every project without a filter', async () => {
      const mine = aProject();
      await inTx((tx) => tx.projects.save(mine));

      const all = await read(() => queries().projects.page({ ...page(0, 10_000), email: null }));

      expect(all.items).toContainEqual(mine);
      expect(all.total).toBe(all.items.length);
    });

    it('reads one project by id with every field, a sub-account and its outbound settings included, and nothing for an unknown id', async () => {
      const parent = aProject({ recordingEnabled: true, maxConcurrentCalls: 4, outbound: { attemptCap: { points: 7, durationSeconds: 604_800 }, recordingDisclosure: 'Recorded.' } });
      const child = aProject({ email: parent.email, parent: { id: parent.id, balance: 'own' }, status: 'suspended', updatedAt: at(9) });
      await inTx(async (tx) => {
        await tx.projects.save(parent);
        await tx.projects.save(child);
      });

      const found = await read(async () => ({
        parent: await queries().project.byId(parent.id),
        child: await queries().project.byId(child.id),
        unknown: await queries().project.byId(newId('prj')),
      }));

      expect(found).toEqual({ parent, child, unknown: null });
    });

    it("lists one project's keys oldest first, revoked ones included; none for a project without keys, nothing without the project", async () => {
      const project = aProject();
      const bare = aProject();
      const newer = anApiKey({ projectId: project.id, createdAt: at(2), revokedAt: at(3), lastUsedAt: at(2), name: 'CI' });
      const older = anApiKey({ projectId: project.id, createdAt: at(1) });
      await inTx(async (tx) => {
        await tx.projects.save(project);
        await tx.projects.save(bare);
        for (const key of [newer, older, anApiKey()]) await tx.apiKeys.save(key);
      });

      const listed = await read(async () => ({
        keys: await queries().apiKeys.ofProject(project.id),
        none: await queries().apiKeys.ofProject(bare.id),
        unknown: await queries().apiKeys.ofProject(newId('prj')),
      }));

      expect(listed).toEqual({ keys: [older, newer], none: [], unknown: null });
    });
  });
};
