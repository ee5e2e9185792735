import { describe, expect, it } from 'vitest';
import { aConversation, aMessage, aNumber, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

/** One conversation with its newest messages (ConversationQuery), on every storage adapter. */
export const conversationQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} conversation query`, () => {
    const { inTx, queries, read } = useStore(open);

    const aThread = async () => {
      const projectId = newId('prj');
      const number = aNumber({ projectId });
      const conversation = aConversation(number, { lastMessageAt: at(10), state: { step: 2 }, createdAt: at(0), updatedAt: at(10) });
      const messages = [1, 2, 3].map((s) => aMessage(conversation, { receivedAt: at(s), body: `text ${s}`, mediaUrls: s === 2 ? ['https://example.com/a.png'] : [] }));
      await inTx(async (tx) => {
        await tx.numbers.save(number);
        await tx.conversations.save(conversation);
        for (const message of messages) await tx.messages.save(message);
      });
      return { projectId, conversation, messages };
    };

    it("reads the project's conversation with its newest messages, newest first, and only its own", async () => {
      const { projectId, conversation, messages } = await aThread();
      const [m1, m2, m3] = messages;

      const answers = await read(async () => ({
        two: await queries().conversation.withRecentMessages(projectId, conversation.id, 2),
        all: await queries().conversation.withRecentMessages(projectId, conversation.id, 10),
        elsewhere: await queries().conversation.withRecentMessages(newId('prj'), conversation.id, 10),
        unknown: await queries().conversation.withRecentMessages(projectId, newId('conv'), 10),
      }));

      expect(answers).toEqual({
        two: { conversation, messages: [m3, m2] },
        all: { conversation, messages: [m3, m2, m1] },
        elsewhere: null,
        unknown: null,
      });
    });

    it('finds a conversation by its id alone, whatever its project, a thread without messages included', async () => {
      const { conversation, messages } = await aThread();
      const number = aNumber();
      const quiet = aConversation(number);
      await inTx(async (tx) => {
        await tx.numbers.save(number);
        await tx.conversations.save(quiet);
      });

      const answers = await read(async () => ({
        found: await queries().conversation.inAnyProject(conversation.id, 1),
        quiet: await queries().conversation.inAnyProject(quiet.id, 5),
        unknown: await queries().conversation.inAnyProject(newId('conv'), 5),
      }));

      expect(answers).toEqual({ found: { conversation, messages: [messages[2]] }, quiet: { conversation: quiet, messages: [] }, unknown: null });
    });
  });
};
