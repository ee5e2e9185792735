import { describe, expect, it } from 'vitest';
import type { Contact } from '../../src/domain/contact.js';
import { trustE164 } from '../../src/domain/e164.js';
import { aContact, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const page = (offset: number, limit: number) => ({ offset, limit });

/** The contact list (ContactListQuery), on every storage adapter. */
export const contactListQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} contact list query`, () => {
    const { inTx, queries, read } = useStore(open);
    const saveAll = (contacts: readonly Contact[]) =>
      inTx(async (tx) => {
        for (const contact of contacts) await tx.contacts.save(contact);
      });

    it('lists newest first with paging and total, a page past the last one included', async () => {
      const projectId = newId('prj');
      const [c1, c2, c3] = [1, 2, 3].map((s) => aContact({ projectId, createdAt: at(s) })) as [
        Contact,
        Contact,
        Contact,
      ];
      await saveAll([c2, c1, c3, aContact()]);
      const pages = await read(async () => [
        await queries().contacts.page(projectId, { ...page(0, 2), search: null }),
        await queries().contacts.page(projectId, { ...page(2, 2), search: null }),
        await queries().contacts.page(projectId, { ...page(5, 2), search: null }),
      ]);
      expect(pages).toEqual([
        { items: [c3, c2], total: 3 },
        { items: [c1], total: 3 },
        { items: [], total: 3 },
      ]);
    });

    it('searches name and number case-insensitively, % and _ literally', async () => {
      const projectId = newId('prj');
      const alice = aContact({ projectId, name: 'Alice Smith', phoneNumber: trustE164('+14155550101'), createdAt: at(1) });
      const bob = aContact({ projectId, name: 'Bob', phoneNumber: trustE164('+12125550199'), createdAt: at(2) });
      // Numbers of their own: a random one may contain what the searches of numbers look for.
      const percent = aContact({ projectId, name: '100% Juice', phoneNumber: trustE164('+13125550103'), createdAt: at(3) });
      const hundred = aContact({ projectId, name: '100 Juices', phoneNumber: trustE164('+13125550104'), createdAt: at(4) });
      const under = aContact({ projectId, name: 'snake_case', phoneNumber: trustE164('+13125550105'), createdAt: at(5) });
      const plain = aContact({ projectId, name: 'snakeXcase', phoneNumber: trustE164('+13125550106'), createdAt: at(6) });
      await saveAll([alice, bob, percent, hundred, under, plain]);
      const search = (text: string) =>
        read(async () => (await queries().contacts.page(projectId, { ...page(0, 10), search: text })).items);
      expect(await search('aLiCe sM')).toEqual([alice]);
      expect(await search('2125550')).toEqual([bob]);
      expect(await search('+1415')).toEqual([alice]);
      expect(await search('100%')).toEqual([percent]);
      expect(await search('e_c')).toEqual([under]);
      expect(await search('nobody here')).toEqual([]);
      expect(await read(() => queries().contacts.page(projectId, { ...page(0, 1), search: 'JUICE' }))).toEqual({
        items: [hundred],
        total: 2,
      });
    });
  });
};
