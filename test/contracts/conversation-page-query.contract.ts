import { describe, expect, it } from 'vitest';
import type { ConversationListPage } from '../../src/application/queries/conversation-page-query.js';
import type { ConversationListQuery } from '../../src/application/ports/messaging-repositories.js';
import type { Conversation } from '../../src/domain/conversation.js';
import type { Message } from '../../src/domain/message.js';
import { aConversation, anAgent } from '../support/builders.js';
import { unchangedBy, versionMismatches, versionSteps, type VersionStep } from './read-versions.js';
import { aMessagingFixture, at, type MessagingFixture as Fixture } from './messaging-fixture.js';
import { useStore, type OpenedStore } from './store-harness.js';

/** The conversation list's read side (ConversationPageQuery), on every storage adapter, with the writes that change what it answers. */
export const conversationPageQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} conversation page query`, () => {
    const { inTx, queries, read } = useStore(open);

    const aFixture = (): Promise<Fixture> => aMessagingFixture(inTx);

    const saved = async (conversation: Conversation, messages: readonly Message[] = []) => {
      await inTx(async (tx) => {
        await tx.conversations.save(conversation);
        for (const message of messages) await tx.messages.save(message);
      });
      return conversation;
    };

    describe('the version of a page (version, and page and agentPage read with their own)', () => {
      type Asked = ConversationListQuery;
      const ofProject: Asked = { limit: 2, offset: 0, agentId: null };
      /** What the version of `asked` versions: the project's list, or with an agentId the agent's. */
      const readOf = (projectId: string, asked: Asked) =>
        asked.agentId === null
          ? queries().conversations.page(projectId, asked)
          : queries().conversations.agentPage(projectId, { ...asked, agentId: asked.agentId });

      /**
       * A project whose agent has three threads on its number, most recent first `third`,
       * `second` (the page of two asked for) and `first`, past it. A step is the version of
       * `asked` and its read, `before` any write or `after` one.
       */
      const aListedProject = async () => {
        const f = await aFixture();
        const [first, second, third] = [1, 2, 3].map((s) => aConversation(f.number, { lastMessageAt: at(s * 1000) })) as [
          Conversation,
          Conversation,
          Conversation,
        ];
        for (const conversation of [second, first, third]) await saved(conversation);
        const ofAgent: Asked = { ...ofProject, agentId: f.agent.id };
        const version = (asked: Asked = ofProject) => read(() => queries().conversations.version(f.projectId, asked));
        const observe = (what: string, asked: Asked = ofProject): Promise<VersionStep<ConversationListPage>> =>
          read(async () => ({
            what,
            version: await queries().conversations.version(f.projectId, asked),
            read: await readOf(f.projectId, asked),
          }));
        return { ...f, first, second, third, ofAgent, version, ...versionSteps(observe, inTx) };
      };

      it('is the same for reads with nothing written between (and twice over), and the page is read with it, for the project and for an agent', async () => {
        const { projectId, ofAgent, version } = await aListedProject();

        const before = [await version(ofProject), await version(ofAgent)];
        const again = [
          await version(ofProject),
          await version(ofAgent),
          await read(() => queries().conversations.version(projectId, ofProject)),
          await read(() => queries().conversations.version(projectId, ofAgent)),
          (await read(() => readOf(projectId, ofProject)))?.version,
          (await read(() => readOf(projectId, ofAgent)))?.version,
          (await read(() => readOf(projectId, ofProject)))?.version,
          (await read(() => readOf(projectId, ofAgent)))?.version,
        ];

        expect(before.every((version) => typeof version === 'string')).toBe(true);
        expect(again).toEqual([...before, ...before, ...before, ...before]);
      });

      it('changes when a listed thread is saved, even unchanged, or a text moves it', async () => {
        const { second, third, before, after } = await aListedProject();

        const steps = [
          await before(),
          await after('third saved unchanged', (tx) => tx.conversations.save({ ...third })),
          await after('second given a state', (tx) => tx.conversations.save({ ...second, state: { stage: 'quote' } })),
          await after('second texted', (tx) =>
            tx.conversations.save({ ...second, lastMessageAt: at(4000), lastMessagePreview: 'Now', messageCount: 2 }),
          ),
        ];

        expect(unchangedBy(steps)).toEqual([]);
        expect(versionMismatches(steps)).toEqual([]);
      });

      it('changes with the page and the total: a newer thread, or one past the page, for the project and for an agent', async () => {
        const { number, agent, ofAgent, before, after } = await aListedProject();

        const steps = [
          await before(),
          await after('a newer thread', (tx) => tx.conversations.save(aConversation(number, { lastMessageAt: at(5000) }))),
          await after('an older thread, past the page', (tx) => tx.conversations.save(aConversation(number, { lastMessageAt: at(0) }))),
        ];
        const agentSteps = [
          await before(ofAgent),
          await after('an older thread of the agent, past the page', (tx) => tx.conversations.save(aConversation(number, { lastMessageAt: at(1) })), ofAgent),
          await after('the agent detached', (tx) => tx.conversations.detachAgent(agent.id), ofAgent),
        ];

        expect(unchangedBy(steps)).toEqual([]);
        expect(unchangedBy(agentSteps)).toEqual([]);
        expect(versionMismatches([...steps, ...agentSteps])).toEqual([]);
        expect(agentSteps.map((step) => step.read?.total)).toEqual([5, 6, 0]);
      });

      it('with an agentId, tells an agent the project lacks from one it has without threads, both ways', async () => {
        const f = await aFixture();
        const agent = anAgent({ projectId: f.projectId });
        const foreign = await aFixture();
        await saved(aConversation(f.number, { agentId: null }));
        const observe = (what: string, agentId = agent.id): Promise<VersionStep<ConversationListPage>> =>
          read(async () => ({
            what,
            version: await queries().conversations.version(f.projectId, { ...ofProject, agentId }),
            read: await queries().conversations.agentPage(f.projectId, { ...ofProject, agentId }),
          }));

        const steps = [await observe('before')];
        await inTx((tx) => tx.agents.save(agent));
        steps.push(await observe('the agent saved'));
        await inTx((tx) => tx.agents.delete(f.projectId, agent.id));
        steps.push(await observe('the agent deleted'));
        const ofForeign = await observe("another project's agent", foreign.agent.id);

        expect(steps.map((step) => step.read)).toEqual([null, { items: [], total: 0, version: steps[1]!.version }, null]);
        expect(unchangedBy(steps)).toEqual([]);
        expect(versionMismatches([...steps, ofForeign])).toEqual([]);
      });

      it("stays the same when what is written is not on the page: another project's thread, a thread past it, another agent's thread", async () => {
        const { projectId, number, first, ofAgent, version } = await aListedProject();
        const asked = [ofProject, ofAgent];
        const before = await Promise.all(asked.map(version));

        const elsewhere = await aFixture();
        await inTx(async (tx) => {
          await tx.conversations.save(aConversation(elsewhere.number, { lastMessageAt: at(9000) }));
          await tx.conversations.save({ ...first, lastMessagePreview: 'past the page' });
        });
        const unchanged = await Promise.all(asked.map(version));
        // Seen by the agent's list only as what it leaves out; the project's total counts it.
        await inTx(async (tx) => {
          const colleague = anAgent({ projectId });
          await tx.agents.save(colleague);
          await tx.conversations.save(aConversation(number, { agentId: colleague.id, lastMessageAt: at(8000) }));
        });

        expect(unchanged).toEqual(before);
        expect(await version(ofAgent)).toBe(before[1]);
        expect(await version(ofProject)).not.toBe(before[0]);
      });
    });
  });
};
