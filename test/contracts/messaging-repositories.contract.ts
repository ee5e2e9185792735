import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DuplicateKey } from '../../src/application/ports/repositories.js';
import type { Agent } from '../../src/domain/agent.js';
import type { Conversation } from '../../src/domain/conversation.js';
import type { Message } from '../../src/domain/message.js';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import { aNumber, anAgent, newId, newNumber } from './builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const at = (ms: number): Date => new Date(Date.UTC(2026, 0, 1) + ms);

/** A project with one agent and one live number attached to it, as rows the messaging tables refer to. */
interface Fixture {
  readonly projectId: string;
  readonly agent: Agent;
  readonly number: PhoneNumber;
}



const aConversation = (f: Fixture, overrides: Partial<Conversation> = {}): Conversation => ({
  id: newId('conv'),
  projectId: f.projectId,
  agentId: f.agent.id,
  phoneNumberId: f.number.id,
  phoneNumber: f.number.phoneNumber,
  participant: newNumber(),
  channel: 'sms',
  lastMessageAt: at(1000),
  lastMessagePreview: 'hello',
  messageCount: 1,
  state: null,
  createdAt: at(0),
  updatedAt: at(1000),
  ...overrides,
});

const aMessage = (conversation: Conversation, overrides: Partial<Message> = {}): Message => ({
  id: newId('msg'),
  projectId: conversation.projectId,
  conversationId: conversation.id,
  phoneNumberId: conversation.phoneNumberId,
  direction: 'inbound',
  channel: 'sms',
  body: 'hello',
  fromNumber: conversation.participant,
  toNumber: conversation.phoneNumber,
  status: 'received',
  mediaUrls: [],
  providerMessageId: null,
  errorCode: null,
  receivedAt: at(1000),
  ...overrides,
});

/**
 * Conversations and messages, asserted through the ports only; run by the in-memory, PGlite
 * and PostgreSQL storage tests. The store may hold rows of other tests.
 */
export const messagingRepositoryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} messaging repositories`, () => {
    const { inTx } = useStore(open);

    const aFixture = (): Promise<Fixture> =>
      inTx(async (tx) => {
        const projectId = newId('prj');
        const agent = anAgent({ projectId, name: 'Texter' });
        const number = aNumber({ projectId, agentId: agent.id });
        await tx.agents.save(agent);
        await tx.numbers.save(number);
        return { projectId, agent, number };
      });

    const saved = async (conversation: Conversation, messages: readonly Message[] = []) => {
      await inTx(async (tx) => {
        await tx.conversations.save(conversation);
        for (const message of messages) await tx.messages.save(message);
      });
      return conversation;
    };

    describe('conversations', () => {
      it('round-trips every field, finds by id within the project and by thread', async () => {
        const f = await aFixture();
        const conversation = await saved(
          aConversation(f, { state: { stage: 'quote', items: [1, { sku: 'A-1' }], vip: true }, lastMessagePreview: 'Hi 👋' }),
        );

        const found = await inTx(async (tx) => ({
          byId: await tx.conversations.findById(f.projectId, conversation.id),
          otherProject: await tx.conversations.findById(newId('prj'), conversation.id),
          byThread: await tx.conversations.findByThread(f.number.id, conversation.participant),
          otherParticipant: await tx.conversations.findByThread(f.number.id, newNumber()),
        }));

        expect(found).toEqual({ byId: conversation, otherProject: null, byThread: conversation, otherParticipant: null });
      });

      it('overwrites on save and clears state with null', async () => {
        const f = await aFixture();
        const conversation = await saved(aConversation(f, { state: { a: 1 } }));
        const changed = { ...conversation, state: null, messageCount: 2, lastMessageAt: at(2000), updatedAt: at(2000) };

        await saved(changed);

        expect(await inTx((tx) => tx.conversations.findById(f.projectId, conversation.id))).toEqual(changed);
      });

      it('keeps one thread per number and participant', async () => {
        const f = await aFixture();
        const first = await saved(aConversation(f));

        const second = saved(aConversation(f, { participant: first.participant }));

        await expect(second).rejects.toBeInstanceOf(DuplicateKey);
        expect(await inTx((tx) => tx.conversations.findByThread(f.number.id, first.participant))).toEqual(first);
      });

      it('lists the newest lastMessageAt first, ties by id, with offset paging and an agent filter', async () => {
        const f = await aFixture();
        const other = await inTx(async (tx) => {
          const agent = anAgent({ projectId: f.projectId, name: 'Texter' });
          await tx.agents.save(agent);
          return agent;
        });
        const [a, b, c, d] = [
          aConversation(f, { id: `conv_${randomUUID()}_a`, lastMessageAt: at(1000) }),
          aConversation(f, { id: `conv_${randomUUID()}_b`, lastMessageAt: at(3000) }),
          aConversation(f, { id: `conv_${randomUUID()}_c`, lastMessageAt: at(2000), agentId: other.id }),
          aConversation(f, { id: `conv_${randomUUID()}_d`, lastMessageAt: at(2000) }),
        ] as const;
        for (const conversation of [a, b, c, d]) await saved(conversation);
        const tied = [c, d].sort((x, y) => (x.id < y.id ? 1 : -1));

        const listed = await inTx(async (tx) => ({
          all: await tx.conversations.list(f.projectId, { limit: 10, offset: 0, agentId: null }),
          second: await tx.conversations.list(f.projectId, { limit: 2, offset: 1, agentId: null }),
          agent: await tx.conversations.list(f.projectId, { limit: 10, offset: 0, agentId: other.id }),
        }));

        expect(listed.all).toEqual({ items: [b, ...tied, a], total: 4 });
        expect(listed.second).toEqual({ items: tied, total: 4 });
        expect(listed.agent).toEqual({ items: [c], total: 1 });
      });

      it('detaches a deleted agent from its conversations only', async () => {
        const f = await aFixture();
        const mine = await saved(aConversation(f));
        const unrelated = await saved(aConversation(await aFixture()));

        await inTx((tx) => tx.conversations.detachAgent(f.agent.id));

        const after = await inTx(async (tx) => [
          await tx.conversations.findById(f.projectId, mine.id),
          await tx.conversations.findById(unrelated.projectId, unrelated.id),
        ]);
        expect(after).toEqual([{ ...mine, agentId: null }, unrelated]);
      });
    });

    describe('messages', () => {
      it('round-trips every field to the millisecond and finds by id and carrier id', async () => {
        const f = await aFixture();
        const conversation = aConversation(f);
        const outbound = aMessage(conversation, {
          direction: 'outbound',
          body: 'Your order 🚚 ships today',
          fromNumber: conversation.phoneNumber,
          toNumber: conversation.participant,
          status: 'failed',
          mediaUrls: ['https://example.com/a.png', 'https://example.com/b.jpg'],
          providerMessageId: `SM${randomUUID().replaceAll('-', '')}`,
          errorCode: '30034',
          receivedAt: new Date('2026-03-04T05:06:07.089Z'),
        });
        await saved(conversation, [outbound]);

        const found = await inTx(async (tx) => ({
          byId: await tx.messages.findById(f.projectId, outbound.id),
          otherProject: await tx.messages.findById(newId('prj'), outbound.id),
          byProviderId: await tx.messages.findByProviderMessageId(outbound.providerMessageId!),
          unknown: await tx.messages.findByProviderMessageId('SMunknown'),
        }));

        expect(found).toEqual({ byId: outbound, otherProject: null, byProviderId: outbound, unknown: null });
      });

      it('overwrites a message on save (a status update)', async () => {
        const f = await aFixture();
        const conversation = aConversation(f);
        const queued = aMessage(conversation, { direction: 'outbound', status: 'queued' });
        await saved(conversation, [queued]);
        const sent = { ...queued, status: 'sent' as const, providerMessageId: `SM${randomUUID()}` };

        await inTx((tx) => tx.messages.save(sent));

        expect(await inTx((tx) => tx.messages.findById(f.projectId, queued.id))).toEqual(sent);
      });

      it('stores a carrier id once, while any number of messages have none', async () => {
        const f = await aFixture();
        const conversation = aConversation(f);
        const providerMessageId = `SM${randomUUID().replaceAll('-', '')}`;
        await saved(conversation, [
          aMessage(conversation, { providerMessageId, receivedAt: at(1) }),
          aMessage(conversation, { receivedAt: at(2) }),
          aMessage(conversation, { receivedAt: at(3) }),
        ]);

        const again = inTx((tx) => tx.messages.save(aMessage(conversation, { providerMessageId, receivedAt: at(4) })));

        await expect(again).rejects.toBeInstanceOf(DuplicateKey);
      });

      it('refuses a second message of the same number at the same receivedAt, in any thread', async () => {
        const f = await aFixture();
        const one = aConversation(f);
        const two = aConversation(f);
        await saved(one, [aMessage(one, { receivedAt: at(5) })]);
        await saved(two);

        const tie = inTx((tx) => tx.messages.save(aMessage(two, { receivedAt: at(5) })));

        await expect(tie).rejects.toBeInstanceOf(DuplicateKey);
      });

      it("knows the number's newest receivedAt", async () => {
        const f = await aFixture();
        const one = aConversation(f);
        const two = aConversation(f);
        await saved(one, [aMessage(one, { receivedAt: at(7) }), aMessage(one, { receivedAt: at(3) })]);
        await saved(two, [aMessage(two, { receivedAt: at(9) })]);

        const latest = await inTx(async (tx) => [
          await tx.messages.latestReceivedAt(f.number.id),
          await tx.messages.latestReceivedAt(newId('num')),
        ]);

        expect(latest).toEqual([at(9), null]);
      });

      it("reads a thread and the number's newest receivedAt together", async () => {
        const f = await aFixture();
        const one = aConversation(f, { state: { stage: 'quote' } });
        const two = aConversation(f);
        await saved(one, [aMessage(one, { receivedAt: at(4) })]);
        await saved(two, [aMessage(two, { receivedAt: at(8), mediaUrls: ['https://media.example.com/a.jpg'] })]);
        const empty = await aFixture();

        const found = await inTx(async (tx) => ({
          one: await tx.conversations.findThreadAndLatest(f.number.id, one.participant),
          stranger: await tx.conversations.findThreadAndLatest(f.number.id, newNumber()),
          quiet: await tx.conversations.findThreadAndLatest(empty.number.id, one.participant),
        }));

        expect(found).toEqual({
          one: { conversation: one, latestReceivedAt: at(8) },
          stranger: { conversation: null, latestReceivedAt: at(8) },
          quiet: { conversation: null, latestReceivedAt: null },
        });
      });

      it('lists a thread newest first within before/after (both exclusive), saying whether more are left', async () => {
        const f = await aFixture();
        const conversation = aConversation(f);
        const messages = [1, 2, 3, 4, 5].map((ms) => aMessage(conversation, { receivedAt: at(ms), body: `m${ms}` }));
        await saved(conversation, messages);
        const bodies = (slice: { items: readonly Message[]; hasMore: boolean }) => [slice.items.map((m) => m.body), slice.hasMore];
        const list = (limit: number, before: number | null, after: number | null) =>
          inTx((tx) =>
            tx.messages.listByConversation(conversation.id, {
              limit,
              before: before === null ? null : at(before),
              after: after === null ? null : at(after),
            }),
          );

        expect(bodies(await list(2, null, null))).toEqual([['m5', 'm4'], true]);
        expect(bodies(await list(2, 4, null))).toEqual([['m3', 'm2'], true]);
        expect(bodies(await list(2, 2, null))).toEqual([['m1'], false]);
        expect(bodies(await list(10, null, 3))).toEqual([['m5', 'm4'], false]);
        expect(bodies(await list(1, 5, 2))).toEqual([['m4'], true]);
        expect(bodies(await list(5, null, null))).toEqual([['m5', 'm4', 'm3', 'm2', 'm1'], false]);
      });

      it('lists every thread of a number, and nothing of other numbers', async () => {
        const f = await aFixture();
        const one = aConversation(f);
        const two = aConversation(f);
        const elsewhere = aConversation(await aFixture());
        await saved(one, [aMessage(one, { receivedAt: at(1), body: 'one' })]);
        await saved(two, [aMessage(two, { receivedAt: at(2), body: 'two' })]);
        await saved(elsewhere, [aMessage(elsewhere, { receivedAt: at(3), body: 'elsewhere' })]);

        const slice = await inTx((tx) => tx.messages.listByNumber(f.number.id, { limit: 10, before: null, after: null }));

        expect(slice.items.map((m) => m.body)).toEqual(['two', 'one']);
        expect(slice.hasMore).toBe(false);
      });
    });
  });
};
