import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MessageCursor, MessageSlice } from '../../src/application/ports/messaging-repositories.js';
import type { Versioned } from '../../src/application/ports/read-version.js';
import type { Conversation } from '../../src/domain/conversation.js';
import type { Message } from '../../src/domain/message.js';
import { aConversation, aMessage, newId } from '../support/builders.js';
import { unchangedBy, versionMismatches, versionSteps, type VersionStep } from './read-versions.js';
import { aMessagingFixture, at, type MessagingFixture as Fixture } from './messaging-fixture.js';
import { useStore, type OpenedStore } from './store-harness.js';

/** A thread's messages' read side (ConversationMessagesQuery), on every storage adapter, with the writes that change what it answers. */
export const conversationMessagesQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} conversation messages query`, () => {
    const { inTx, queries, read } = useStore(open);

    const aFixture = (): Promise<Fixture> => aMessagingFixture(inTx);

    const carrierId = () => `SM${randomUUID().replaceAll('-', '')}`;

    const saved = async (conversation: Conversation, messages: readonly Message[] = []) => {
      await inTx(async (tx) => {
        await tx.conversations.save(conversation);
        for (const message of messages) await tx.messages.save(message);
      });
      return conversation;
    };

    describe("the version of the project's thread (version, and window read with its own)", () => {
      const newest = { limit: 2, before: null, after: null };

      /**
       * A thread of three texts, the newest two (`m3`, `m2`) the slice asked for, `m1` past it.
       * A step is the version of the slice `cursor` asks for and its read, `before` any write
       * or `after` one.
       */
      const aThread = async () => {
        const f = await aFixture();
        const conversation = aConversation(f.number);
        const [m1, m2, m3] = [1, 2, 3].map((ms) =>
          aMessage(conversation, { direction: 'outbound', status: 'queued', receivedAt: at(ms), body: `m${ms}` }),
        ) as [Message, Message, Message];
        await saved(conversation, [m2, m1, m3]);
        const version = (cursor: MessageCursor = newest) =>
          read(() => queries().messages.version(f.projectId, conversation.id, cursor));
        const observe = (what: string, cursor: MessageCursor = newest): Promise<VersionStep<MessageSlice & Versioned>> =>
          read(async () => ({
            what,
            version: await queries().messages.version(f.projectId, conversation.id, cursor),
            read: await queries().messages.window(f.projectId, conversation.id, cursor),
          }));
        return { f, conversation, m1, m2, m3, version, ...versionSteps(observe, inTx) };
      };

      it('is the same for reads with nothing written between (and twice over), and the slice is read with it', async () => {
        const { f, conversation, version } = await aThread();

        const before = await version();
        const again = [
          await version(),
          await read(() => queries().messages.version(f.projectId, conversation.id, newest)),
          (await read(() => queries().messages.window(f.projectId, conversation.id, newest)))?.version,
          (await read(() => queries().messages.window(f.projectId, conversation.id, newest)))?.version,
        ];

        expect(typeof before).toBe('string');
        expect(again).toEqual([before, before, before, before]);
      });

      it('changes when a text of the slice is saved, even unchanged, or its status changes', async () => {
        const { m2, m3, before, after } = await aThread();

        const steps = [
          await before(),
          await after('m3 saved unchanged', (tx) => tx.messages.save({ ...m3 })),
          await after('m2 sent', (tx) => tx.messages.save({ ...m2, status: 'sent', providerMessageId: carrierId() })),
          await after('m3 sent (saveAll)', (tx) => tx.messages.saveAll([{ ...m3, status: 'sent' }])),
        ];

        expect(unchangedBy(steps)).toEqual([]);
        expect(versionMismatches(steps)).toEqual([]);
      });

      it('changes when a newer text comes into the slice', async () => {
        const { conversation, before, after } = await aThread();

        const steps = [await before(), await after('a newer text', (tx) => tx.messages.save(aMessage(conversation, { receivedAt: at(4) })))];

        expect(unchangedBy(steps)).toEqual([]);
        expect(versionMismatches(steps)).toEqual([]);
      });

      it('changes when a text past the slice says there are more', async () => {
        const { conversation, before, after } = await aThread();
        const all = { limit: 3, before: null, after: null };

        const steps = [
          await before(all),
          await after('an older text, past the slice', (tx) => tx.messages.save(aMessage(conversation, { receivedAt: at(0) })), all),
        ];

        expect(unchangedBy(steps)).toEqual([]);
        expect(versionMismatches(steps)).toEqual([]);
        expect(steps.map((step) => step.read?.hasMore)).toEqual([false, true]);
      });

      it("stays the same when other threads' texts are written, of the same number or another project", async () => {
        const { f, version } = await aThread();
        const before = await version();
        const neighbour = aConversation(f.number);
        const elsewhere = aConversation((await aFixture()).number);

        await saved(neighbour, [aMessage(neighbour, { receivedAt: at(7) })]);
        await saved(elsewhere, [aMessage(elsewhere, { receivedAt: at(8) })]);

        expect(await version()).toBe(before);
      });

      it('tells a thread the project lacks (none, or another project’s) from one it has without texts', async () => {
        const f = await aFixture();
        const silent = aConversation(f.number);
        const observe = (what: string, projectId: string, conversationId: string): Promise<VersionStep> =>
          read(async () => ({
            what,
            version: await queries().messages.version(projectId, conversationId, newest),
            read: await queries().messages.window(projectId, conversationId, newest),
          }));

        const unsaved = await observe('before', f.projectId, silent.id);
        await saved(silent);
        const steps = [
          unsaved,
          await observe('the thread saved', f.projectId, silent.id),
          await observe('(an unknown thread)', f.projectId, newId('conv')),
          await observe("(the thread, asked by another project)", newId('prj'), silent.id),
        ];

        expect(steps.map((step) => step.read)).toEqual([null, { items: [], hasMore: false, version: steps[1]!.version }, null, null]);
        expect(unchangedBy(steps.slice(0, 2))).toEqual([]);
        expect(versionMismatches(steps)).toEqual([]);
      });

      it('is not the version of another thread, nor of another slice of it', async () => {
        const { f, version } = await aThread();
        const other = await aThread();

        const versions = [
          await version(),
          await other.version(),
          await version({ limit: 2, before: at(3), after: null }),
          await version({ limit: 1, before: null, after: null }),
          await read(() => queries().messages.version(f.projectId, newId('conv'), newest)),
        ];

        expect(new Set(versions).size).toBe(versions.length);
      });
    });
  });
};
