import { describe, expect, it } from 'vitest';
import { aConversation, aMessage, aNumber, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const cursor = (limit: number, before: Date | null = null, after: Date | null = null) => ({ limit, before, after });

/** Every message through one number (NumberMessagesQuery), on every storage adapter. */
export const numberMessagesQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} number messages query`, () => {
    const { inTx, queries, read } = useStore(open);

    it("lists every thread of the project's number newest first by window, and nothing of other numbers or projects", async () => {
      const projectId = newId('prj');
      const number = aNumber({ projectId });
      const released = aNumber({ projectId, status: 'released', releasedAt: at(9) });
      const other = aNumber();
      const [one, two, old, elsewhere] = [number, number, released, other].map((n) => aConversation(n));
      const m1 = aMessage(one!, { receivedAt: at(1), body: 'one' });
      const m2 = aMessage(two!, { receivedAt: at(2), body: 'two' });
      const m3 = aMessage(one!, { receivedAt: at(3), body: 'three' });
      const kept = aMessage(old!, { receivedAt: at(4), body: 'kept' });
      await inTx(async (tx) => {
        for (const n of [number, released, other]) await tx.numbers.save(n);
        for (const c of [one!, two!, old!, elsewhere!]) await tx.conversations.save(c);
        for (const m of [m1, m2, m3, kept, aMessage(elsewhere!, { receivedAt: at(5) })]) await tx.messages.save(m);
      });

      const slices = await read(async () => ({
        first: await queries().numberMessages.window(projectId, number.id, cursor(2)),
        before: await queries().numberMessages.window(projectId, number.id, cursor(2, at(3))),
        after: await queries().numberMessages.window(projectId, number.id, cursor(5, null, at(1))),
        between: await queries().numberMessages.window(projectId, number.id, cursor(5, at(3), at(1))),
        released: await queries().numberMessages.window(projectId, released.id, cursor(5)),
        quiet: await queries().numberMessages.window(other.projectId, other.id, cursor(0)),
        elsewhere: await queries().numberMessages.window(newId('prj'), number.id, cursor(5)),
        unknown: await queries().numberMessages.window(projectId, newId('num'), cursor(5)),
      }));

      expect(slices).toEqual({
        first: { items: [m3, m2], hasMore: true },
        before: { items: [m2, m1], hasMore: false },
        after: { items: [m3, m2], hasMore: false },
        between: { items: [m2], hasMore: false },
        released: { items: [kept], hasMore: false },
        quiet: { items: [], hasMore: true },
        elsewhere: null,
        unknown: null,
      });
    });
  });
};
