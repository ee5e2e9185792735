import { describe, expect, it } from 'vitest';
import { trustE164 } from '../../src/domain/e164.js';
import type { Suppression } from '../../src/domain/suppression.js';
import { at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const aSuppression = (overrides: Partial<Suppression> = {}): Suppression => ({
  projectId: newId('prj'),
  phoneNumber: trustE164('+14155550101'),
  channel: 'all',
  reason: 'asked not to be called',
  source: 'operator',
  createdAt: at(0),
  ...overrides,
});

/** The suppression list, asserted through its port on every storage adapter. */
export const suppressionRepositoryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} suppression list`, () => {
    const { inTx } = useStore(open);

    it('adds a number once per channel, keeping the first entry', async () => {
      const first = aSuppression({ channel: 'voice' });
      const added = await inTx((tx) => tx.suppressions.add(first));
      const again = await inTx((tx) => tx.suppressions.add({ ...first, reason: 'second', createdAt: at(5) }));
      const sms = await inTx((tx) => tx.suppressions.add({ ...first, channel: 'sms', createdAt: at(1) }));

      expect([added, again, sms]).toEqual([true, false, true]);
      const page = await inTx((r) => r.suppressions.list(first.projectId, { limit: 10, offset: 0 }));
      expect(page).toEqual({ items: [{ ...first, channel: 'sms', createdAt: at(1) }, first], total: 2 });
    });

    it('finds the numbers stopped on a channel: its own entries and those for all channels', async () => {
      const projectId = newId('prj');
      const [voice, sms, all, free] = ['+14155550111', '+14155550112', '+14155550113', '+14155550114'].map(trustE164);
      await inTx(async (tx) => {
        await tx.suppressions.add(aSuppression({ projectId, phoneNumber: voice!, channel: 'voice' }));
        await tx.suppressions.add(aSuppression({ projectId, phoneNumber: sms!, channel: 'sms' }));
        await tx.suppressions.add(aSuppression({ projectId, phoneNumber: all!, channel: 'all' }));
        await tx.suppressions.add(aSuppression({ phoneNumber: free!, channel: 'all' }));
      });
      const numbers = [voice!, sms!, all!, free!];

      const forCalls = await inTx((r) => r.suppressions.findSuppressed(projectId, numbers, 'voice'));
      const forTexts = await inTx((tx) => tx.suppressions.findSuppressed(projectId, numbers, 'sms'));

      expect([...forCalls].sort()).toEqual([voice, all]);
      expect([...forTexts].sort()).toEqual([sms, all]);
      expect(await inTx((r) => r.suppressions.findSuppressed(projectId, [], 'voice'))).toEqual([]);
    });

    it('removes one channel, every channel, or one source, answering what it removed', async () => {
      const projectId = newId('prj');
      const phoneNumber = trustE164('+14155550121');
      const voice = aSuppression({ projectId, phoneNumber, channel: 'voice', source: 'operator' });
      const sms = aSuppression({ projectId, phoneNumber, channel: 'sms', source: 'sms_keyword' });
      const all = aSuppression({ projectId, phoneNumber, channel: 'all', source: 'agent_tool' });
      await inTx(async (tx) => {
        for (const s of [voice, sms, all]) await tx.suppressions.add(s);
      });

      const bySource = await inTx((tx) => tx.suppressions.removeBySource(projectId, phoneNumber, 'sms_keyword'));
      const oneChannel = await inTx((tx) => tx.suppressions.remove(projectId, phoneNumber, 'voice'));
      const none = await inTx((tx) => tx.suppressions.remove(projectId, phoneNumber, 'voice'));
      const rest = await inTx((tx) => tx.suppressions.remove(projectId, phoneNumber, null));

      expect([bySource, oneChannel, none, rest]).toEqual([[sms], [voice], [], [all]]);
      expect(await inTx((r) => r.suppressions.list(projectId, { limit: 10, offset: 0 }))).toEqual({ items: [], total: 0 });
    });

    it('pages newest first with the total, past the end too', async () => {
      const projectId = newId('prj');
      const entries = [0, 1, 2].map((i) => aSuppression({ projectId, phoneNumber: trustE164(`+1415555013${i}`), createdAt: at(i) }));
      await inTx(async (tx) => {
        for (const s of entries) await tx.suppressions.add(s);
      });

      const second = await inTx((r) => r.suppressions.list(projectId, { limit: 2, offset: 2 }));
      const past = await inTx((r) => r.suppressions.list(projectId, { limit: 2, offset: 5 }));

      expect(second).toEqual({ items: [entries[0]], total: 3 });
      expect(past).toEqual({ items: [], total: 3 });
    });

    it('rolls an add back with its unit of work', async () => {
      const entry = aSuppression();
      await expect(
        inTx(async (tx) => {
          await tx.suppressions.add(entry);
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      expect(await inTx((r) => r.suppressions.findSuppressed(entry.projectId, [entry.phoneNumber], 'voice'))).toEqual([]);
    });
  });
};
