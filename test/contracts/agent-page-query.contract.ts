import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/domain/agent.js';
import { aNumber, anAgent, at, newId } from '../support/builders.js';
import { unchangedBy, versionMismatches, versionSteps, type VersionStep } from './read-versions.js';
import { useStore, type OpenedStore } from './store-harness.js';

const page = (offset: number, limit: number) => ({ offset, limit });

/** The agent list's read side (AgentPageQuery), on every storage adapter, with the writes that change what it answers. */
export const agentPageQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} agent page query`, () => {
    const { inTx, queries, read } = useStore(open);

  describe('the version of a page (version, and page read with its own)', () => {
    const listed = page(0, 2);

    /**
     * A project of three agents, oldest first: `first` (with a live number) and `second` make
     * the page asked for, `beyond` is past it. A step is the page's version and the page read
     * with its own, `before` any write or `after` one.
     */
    const aListedProject = async () => {
      const projectId = newId('prj');
      const [first, second, beyond] = [1, 2, 3].map((s) => anAgent({ projectId, createdAt: at(s) })) as [Agent, Agent, Agent];
      const number = aNumber({ projectId, agentId: first.id });
      await inTx(async (tx) => {
        for (const agent of [beyond, first, second]) await tx.agents.save(agent);
        await tx.numbers.save(number);
      });
      const version = () => read(() => queries().agents.version(projectId, listed));
      const observe = (what: string): Promise<VersionStep> =>
        read(async () => ({
          what,
          version: await queries().agents.version(projectId, listed),
          read: await queries().agents.page(projectId, listed),
        }));
      return { projectId, first, second, beyond, number, version, ...versionSteps(observe, inTx) };
    };

    it('is the same for reads with nothing written between (and twice over), and the page is read with it', async () => {
      const { projectId, version } = await aListedProject();

      const before = await version();
      const again = [
        await version(),
        await read(() => queries().agents.version(projectId, listed)),
        (await read(() => queries().agents.page(projectId, listed))).version,
        (await read(() => queries().agents.page(projectId, listed))).version,
      ];

      expect(typeof before).toBe('string');
      expect(again).toEqual([before, before, before, before]);
    });

    it('changes when a listed agent is saved, changed or even unchanged', async () => {
      const { first, second, before, after } = await aListedProject();

      const steps = [
        await before(),
        await after('first saved unchanged', (tx) => tx.agents.save({ ...first })),
        await after('second renamed', (tx) => tx.agents.save({ ...second, name: 'Sales', updatedAt: at(9) })),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
    });

    it('changes when a live number of a listed agent is attached, saved, detached or released', async () => {
      const { projectId, first, second, number, before, after } = await aListedProject();
      const another = aNumber({ projectId, agentId: second.id, createdAt: at(5) });

      const steps = [
        await before(),
        await after('a number attached to second', (tx) => tx.numbers.save(another)),
        await after('that number saved unchanged', (tx) => tx.numbers.save({ ...another })),
        await after('that number detached (agentId null)', (tx) => tx.numbers.save({ ...another, agentId: null })),
        await after("first's number released", (tx) => tx.numbers.save({ ...number, status: 'released', releasedAt: at(6) })),
        await after('the other number attached to first', (tx) => tx.numbers.save({ ...another, agentId: first.id })),
        await after("first's numbers detached (detachAgent)", (tx) => tx.numbers.detachAgent(first.id)),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
      expect(steps.at(-1)!.read).toEqual({
        items: [
          { agent: first, numbers: [] },
          { agent: second, numbers: [] },
        ],
        total: 3,
        version: steps.at(-1)!.version,
      });
    });

    it('changes with the total: an agent added or deleted past the page, or one of the page deleted', async () => {
      const { projectId, second, before, after } = await aListedProject();
      const later = anAgent({ projectId, createdAt: at(4) });

      const steps = [
        await before(),
        await after('an agent added past the page', (tx) => tx.agents.save(later)),
        await after('that agent deleted', (tx) => tx.agents.delete(projectId, later.id)),
        await after('second deleted', (tx) => tx.agents.delete(projectId, second.id)),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
    });

    it('changes for a page past the end when the total does, and reads that page with its version', async () => {
      const { projectId } = await aListedProject();
      const past = page(5, 2);
      const observe = (what: string): Promise<VersionStep> =>
        read(async () => ({ what, version: await queries().agents.version(projectId, past), read: await queries().agents.page(projectId, past) }));

      const before = await observe('before');
      await inTx((tx) => tx.agents.save(anAgent({ projectId, createdAt: at(4) })));
      const steps = [before, await observe('an agent added')];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
      expect(steps.map((step) => step.read)).toEqual([
        { items: [], total: 3, version: steps[0]!.version },
        { items: [], total: 4, version: steps[1]!.version },
      ]);
    });

    it('stays the same when what is written is not on the page: other projects, an agent past it, numbers of none of its agents', async () => {
      const { projectId, first, beyond, version } = await aListedProject();
      const before = await version();
      const stranger = anAgent({ createdAt: at(0) });

      await inTx(async (tx) => {
        await tx.agents.save(stranger);
        await tx.numbers.save(aNumber({ projectId: stranger.projectId, agentId: stranger.id }));
        await tx.agents.save({ ...beyond, name: 'Renamed past the page', updatedAt: at(9) });
        await tx.numbers.save(aNumber({ projectId, agentId: beyond.id }));
        await tx.numbers.save(aNumber({ projectId }));
        // Released: not live, so not on the page.
        await tx.numbers.save(aNumber({ projectId, agentId: first.id, status: 'released', releasedAt: at(7) }));
      });

      expect(await version()).toBe(before);
    });

    it('is not the version of another project, nor of another page', async () => {
      const { projectId, version } = await aListedProject();
      const other = await aListedProject();

      const versions = [
        await version(),
        await other.version(),
        await read(() => queries().agents.version(projectId, page(1, 2))),
        await read(() => queries().agents.version(projectId, page(0, 1))),
      ];

      expect(new Set(versions).size).toBe(versions.length);
    });

    it('comes back, if ever, only with the very answer it had: a number attached then detached, an agent added past the page then deleted', async () => {
      const { projectId, first, before, after } = await aListedProject();
      const attached = aNumber({ projectId, agentId: first.id, createdAt: at(5) });
      const later = anAgent({ projectId, createdAt: at(4) });

      const steps = [
        await before(),
        await after('a number attached to first', (tx) => tx.numbers.save(attached)),
        await after('that number detached', (tx) => tx.numbers.save({ ...attached, agentId: null })),
        await after('an agent added past the page', (tx) => tx.agents.save(later)),
        await after('that agent deleted', (tx) => tx.agents.delete(projectId, later.id)),
      ];

      expect(unchangedBy(steps)).toEqual([]);
      expect(versionMismatches(steps)).toEqual([]);
    });
  });
  });
};
