import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DuplicateKey } from '../../src/application/ports/repositories.js';
import type { Conversation } from '../../src/domain/conversation.js';
import type { Message } from '../../src/domain/message.js';
import { aContact, aConversation, aMessage, anAgent, newId, newNumber } from '../support/builders.js';
import { aMessagingFixture, at, type MessagingFixture as Fixture } from './messaging-fixture.js';
import { useStore, type OpenedStore } from './store-harness.js';

/**
 * Conversations and messages, asserted through the ports only; run by the in-memory, PGlite
 * and PostgreSQL storage tests. The store may hold rows of other tests.
 */
export const messagingRepositoryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} messaging repositories`, () => {
    const { inTx, queries } = useStore(open);

    const aFixture = (): Promise<Fixture> => aMessagingFixture(inTx);

    /** A promise and the function that settles it: a unit of work waits for the test, or the test for it. */
    const signal = () => {
      let fire!: () => void;
      const fired = new Promise<void>((resolve) => {
        fire = resolve;
      });
      return { fire, fired };
    };
    const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const carrierId = () => `SM${randomUUID().replaceAll('-', '')}`;
    const receivedAts = async (projectId: string, phoneNumberId: string) =>
      ((await queries().numberMessages.window(projectId, phoneNumberId, { limit: 50, before: null, after: null }))?.items ?? []).map((m) => m.receivedAt);

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
          aConversation(f.number, { state: { stage: 'quote', items: [1, { sku: 'A-1' }], vip: true }, lastMessagePreview: 'Hi 👋' }),
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
        const conversation = await saved(aConversation(f.number, { state: { a: 1 } }));
        const changed = { ...conversation, state: null, messageCount: 2, lastMessageAt: at(2000), updatedAt: at(2000) };

        await saved(changed);

        expect(await inTx((tx) => tx.conversations.findById(f.projectId, conversation.id))).toEqual(changed);
      });

      it('keeps one thread per number and participant', async () => {
        const f = await aFixture();
        const first = await saved(aConversation(f.number));

        const second = saved(aConversation(f.number, { participant: first.participant }));

        await expect(second).rejects.toBeInstanceOf(DuplicateKey);
        expect(await inTx((tx) => tx.conversations.findByThread(f.number.id, first.participant))).toEqual(first);
      });

      it('saves several conversations in one call, overwriting the ones it holds', async () => {
        const f = await aFixture();
        const stored = await saved(aConversation(f.number, { state: { stage: 'new' } }));
        const changed = { ...stored, state: null, messageCount: 2, lastMessageAt: at(2000), updatedAt: at(2000) };
        const fresh = [aConversation(f.number, { state: { stage: 'quote' } }), aConversation((await aFixture()).number)];

        await inTx(async (tx) => {
          await tx.conversations.saveAll([]);
          await tx.conversations.saveAll([fresh[0]!, changed, fresh[1]!]);
        });

        const found = await inTx(async (tx) => {
          const rows = [];
          for (const c of [changed, ...fresh]) rows.push(await tx.conversations.findById(c.projectId, c.id));
          return rows;
        });
        expect(found).toEqual([changed, ...fresh]);
      });

      it('refuses a batch holding a thread twice, or a thread already stored, and stores none of it', async () => {
        const f = await aFixture();
        const stored = await saved(aConversation(f.number));
        const bystander = aConversation(f.number);
        const again = aConversation(f.number, { participant: stored.participant });
        const twin = aConversation(f.number);
        const twinOfTwin = aConversation(f.number, { participant: twin.participant });

        // Both run at once, each with its handler from the start: either may fail first.
        const [clashWithStored, clashWithinBatch] = await Promise.allSettled([
          inTx((tx) => tx.conversations.saveAll([bystander, again])),
          inTx((tx) => tx.conversations.saveAll([bystander, twin, twinOfTwin])),
        ]);

        expect(clashWithStored).toEqual({ status: 'rejected', reason: expect.any(DuplicateKey) });
        expect(clashWithinBatch).toEqual({ status: 'rejected', reason: expect.any(DuplicateKey) });
        const found = await inTx(async (tx) => {
          const rows = [];
          for (const c of [bystander, again, twin, twinOfTwin]) rows.push(await tx.conversations.findById(f.projectId, c.id));
          return { rows, thread: await tx.conversations.findByThread(f.number.id, stored.participant) };
        });
        expect(found).toEqual({ rows: [null, null, null, null], thread: stored });
      });

      it('lists the newest lastMessageAt first, ties by id, with offset paging, and an agent\'s threads with the agent', async () => {
        const f = await aFixture();
        const [other, idle] = await inTx(async (tx) => {
          const agents = [anAgent({ projectId: f.projectId, name: 'Texter' }), anAgent({ projectId: f.projectId, name: 'Idle' })] as const;
          for (const agent of agents) await tx.agents.save(agent);
          return agents;
        });
        const foreign = await aFixture();
        const [a, b, c, d] = [
          aConversation(f.number, { id: `conv_${randomUUID()}_a`, lastMessageAt: at(1000) }),
          aConversation(f.number, { id: `conv_${randomUUID()}_b`, lastMessageAt: at(3000) }),
          aConversation(f.number, { id: `conv_${randomUUID()}_c`, lastMessageAt: at(2000), agentId: other.id }),
          aConversation(f.number, { id: `conv_${randomUUID()}_d`, lastMessageAt: at(2000) }),
        ] as const;
        for (const conversation of [a, b, c, d]) await saved(conversation);
        const tied = [c, d].sort((x, y) => (x.id < y.id ? 1 : -1));
        const ofAgent = (agentId: string, limit = 10, offset = 0) => ({ limit, offset, agentId });

        const listed = async () => ({
          all: await queries().conversations.page(f.projectId, { limit: 10, offset: 0 }),
          second: await queries().conversations.page(f.projectId, { limit: 2, offset: 1 }),
          past: await queries().conversations.page(f.projectId, { limit: 2, offset: 9 }),
          none: await queries().conversations.page(newId('prj'), { limit: 2, offset: 0 }),
          agent: await queries().conversations.agentPage(f.projectId, ofAgent(other.id)),
          agentPast: await queries().conversations.agentPage(f.projectId, ofAgent(other.id, 1, 1)),
          idle: await queries().conversations.agentPage(f.projectId, ofAgent(idle.id)),
          unknown: await queries().conversations.agentPage(f.projectId, ofAgent(newId('agt'))),
          foreign: await queries().conversations.agentPage(f.projectId, ofAgent(foreign.agent.id)),
        });
        const page = (items: readonly Conversation[], total: number) => ({ items, total, version: expect.any(String) });
        const expected = {
          all: page([b, ...tied, a], 4),
          second: page(tied, 4),
          past: page([], 4),
          none: page([], 0),
          agent: page([c], 1),
          agentPast: page([], 1),
          idle: page([], 0),
          unknown: null,
          foreign: null,
        };
        expect(await listed()).toEqual(expected);
      });

      it('detaches a deleted agent from its conversations only', async () => {
        const f = await aFixture();
        const mine = await saved(aConversation(f.number));
        const unrelated = await saved(aConversation((await aFixture()).number));

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
        const conversation = aConversation(f.number);
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
        const conversation = aConversation(f.number);
        const queued = aMessage(conversation, { direction: 'outbound', status: 'queued' });
        await saved(conversation, [queued]);
        const sent = { ...queued, status: 'sent' as const, providerMessageId: `SM${randomUUID()}` };

        await inTx((tx) => tx.messages.save(sent));

        expect(await inTx((tx) => tx.messages.findById(f.projectId, queued.id))).toEqual(sent);
      });

      it('stores a carrier id once, while any number of messages have none', async () => {
        const f = await aFixture();
        const conversation = aConversation(f.number);
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
        const one = aConversation(f.number);
        const two = aConversation(f.number);
        await saved(one, [aMessage(one, { receivedAt: at(5) })]);
        await saved(two);

        const tie = inTx((tx) => tx.messages.save(aMessage(two, { receivedAt: at(5) })));

        await expect(tie).rejects.toBeInstanceOf(DuplicateKey);
      });

      it('saves several messages in one call, overwriting the ones it holds', async () => {
        const f = await aFixture();
        const one = aConversation(f.number);
        const two = aConversation(f.number);
        const queued = aMessage(one, { direction: 'outbound', status: 'queued', receivedAt: at(1) });
        await saved(one, [queued]);
        await saved(two);
        const sent = { ...queued, status: 'sent' as const, providerMessageId: carrierId() };
        const fresh = [
          aMessage(one, { receivedAt: at(2), providerMessageId: carrierId(), body: 'second' }),
          aMessage(two, { receivedAt: at(3), mediaUrls: ['https://media.example.com/a.jpg'] }),
          aMessage(two, { receivedAt: at(4) }),
        ];

        await inTx(async (tx) => {
          await tx.messages.saveAll([]);
          await tx.messages.saveAll([fresh[0]!, sent, fresh[1]!, fresh[2]!]);
        });

        const found = await inTx(async (tx) => {
          const rows = [];
          for (const m of [sent, ...fresh]) rows.push(await tx.messages.findById(f.projectId, m.id));
          return rows;
        });
        expect(found).toEqual([sent, ...fresh]);
        expect(await receivedAts(f.projectId, f.number.id)).toEqual([at(4), at(3), at(2), at(1)]);
      });

      it('refuses a batch with a carrier id or a receivedAt of its number taken, and stores none of it', async () => {
        const f = await aFixture();
        const one = aConversation(f.number);
        const two = aConversation(f.number);
        const stored = aMessage(one, { providerMessageId: carrierId(), receivedAt: at(10) });
        await saved(one, [stored]);
        await saved(two);
        const elsewhere = aConversation((await aFixture()).number);
        await saved(elsewhere);
        const bystander = () => aMessage(two, { receivedAt: at(1), providerMessageId: carrierId() });
        const shared = carrierId();
        const batches: Record<string, Message[]> = {
          carrierIdStored: [bystander(), aMessage(two, { receivedAt: at(20), providerMessageId: stored.providerMessageId })],
          carrierIdInBatch: [
            bystander(),
            aMessage(two, { receivedAt: at(21), providerMessageId: shared }),
            aMessage(elsewhere, { receivedAt: at(21), providerMessageId: shared }),
          ],
          receivedAtStored: [bystander(), aMessage(two, { receivedAt: at(10) })],
          receivedAtInBatch: [bystander(), aMessage(one, { receivedAt: at(22) }), aMessage(two, { receivedAt: at(22) })],
        };

        const outcomes: Record<string, unknown> = {};
        for (const [name, batch] of Object.entries(batches)) {
          outcomes[name] = await inTx((tx) => tx.messages.saveAll(batch)).then(
            () => 'saved',
            (error: unknown) => (error instanceof DuplicateKey ? 'DuplicateKey' : error),
          );
        }

        expect(outcomes).toEqual({
          carrierIdStored: 'DuplicateKey',
          carrierIdInBatch: 'DuplicateKey',
          receivedAtStored: 'DuplicateKey',
          receivedAtInBatch: 'DuplicateKey',
        });
        const found = await inTx(async (tx) => {
          const rows = [];
          for (const m of Object.values(batches).flat()) rows.push(await tx.messages.findById(m.projectId, m.id));
          return rows;
        });
        expect(found.every((row) => row === null)).toBe(true);
        expect(await inTx((tx) => tx.messages.findByProviderMessageId(stored.providerMessageId!))).toEqual(stored);
        expect(await receivedAts(f.projectId, f.number.id)).toEqual([at(10)]);
      });

      it('saves a batch of more values than one statement may carry (65,535), all or none', async () => {
        const f = await aFixture();
        const thread = aConversation(f.number);
        // 14 columns a message: 5,000 of them are 70,000 values, which would wrap the protocol's 16-bit count.
        const messages = Array.from({ length: 5_000 }, (_, i) => aMessage(thread, { receivedAt: at(i), providerMessageId: carrierId() }));
        const refusedThread = aConversation(f.number);
        const refusedBatch = Array.from({ length: 5_000 }, (_, i) =>
          aMessage(refusedThread, { receivedAt: at(10_000 + i), providerMessageId: i === 4_999 ? messages[0]!.providerMessageId : carrierId() }),
        );

        await inTx((tx) => tx.messages.saveWithThreads([thread], messages));
        const refused = await inTx((repos) => repos.messages.saveWithThreads([refusedThread], refusedBatch)).then(
          () => 'saved',
          (error: unknown) => (error instanceof DuplicateKey ? 'DuplicateKey' : error),
        );

        const found = await inTx(async (tx) => ({
          thread: (await tx.conversations.findById(f.projectId, thread.id))?.id,
          first: await tx.messages.findById(f.projectId, messages[0]!.id),
          last: await tx.messages.findById(f.projectId, messages.at(-1)!.id),
          refusedThread: await tx.conversations.findById(f.projectId, refusedThread.id),
          refusedFirst: await tx.messages.findById(f.projectId, refusedBatch[0]!.id),
        }));
        expect(refused).toBe('DuplicateKey');
        expect(found).toEqual({ thread: thread.id, first: messages[0], last: messages.at(-1), refusedThread: null, refusedFirst: null });
      });

      it('saves threads with their messages in one write, new threads and changed ones, or none of either', async () => {
        const f = await aFixture();
        const kept = aConversation(f.number);
        await saved(kept);
        const started = aConversation(f.number);
        const changed = { ...kept, messageCount: kept.messageCount + 1, lastMessagePreview: 'changed' };
        const messages = [aMessage(started, { receivedAt: at(1), providerMessageId: carrierId() }), aMessage(kept, { receivedAt: at(2) })];

        await inTx((tx) => tx.messages.saveWithThreads([started, changed], messages));
        const refusedThread = aConversation(f.number);
        const refused = await inTx((tx) =>
          tx.messages.saveWithThreads(
            [refusedThread, { ...changed, lastMessagePreview: 'refused' }],
            [aMessage(refusedThread, { receivedAt: at(3), providerMessageId: messages[0]!.providerMessageId })],
          ),
        ).then(
          () => 'saved',
          (error: unknown) => (error instanceof DuplicateKey ? 'DuplicateKey' : error),
        );

        const found = await inTx(async (tx) => ({
          threads: [await tx.conversations.findById(f.projectId, started.id), await tx.conversations.findById(f.projectId, kept.id)],
          refusedThread: await tx.conversations.findById(f.projectId, refusedThread.id),
          messages: [await tx.messages.findById(f.projectId, messages[0]!.id), await tx.messages.findById(f.projectId, messages[1]!.id)],
        }));
        expect(refused).toBe('DuplicateKey');
        expect(found).toEqual({ threads: [started, changed], refusedThread: null, messages });
      });

      it('finds several messages by carrier id in one read, ignoring unknown ids', async () => {
        const f = await aFixture();
        const conversation = aConversation(f.number);
        const [a, b, c] = [1, 2, 3].map((ms) => aMessage(conversation, { receivedAt: at(ms), providerMessageId: carrierId() })) as [
          Message,
          Message,
          Message,
        ];
        const unsent = aMessage(conversation, { receivedAt: at(4), providerMessageId: null });
        await saved(conversation, [a, b, c, unsent]);
        const byId = (rows: readonly Message[]) => [...rows].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

        const found = await inTx(async (tx) => ({
          several: byId(await tx.messages.findByProviderMessageIds([c.providerMessageId!, 'SMunknown', a.providerMessageId!])),
          unknown: await tx.messages.findByProviderMessageIds(['SMunknown', carrierId()]),
          none: await tx.messages.findByProviderMessageIds([]),
        }));

        expect(found).toEqual({ several: byId([a, c]), unknown: [], none: [] });
      });

      it('makes a second writer to a locked number wait until the first commits', async () => {
        const f = await aFixture();
        const conversation = await saved(aConversation(f.number));
        const events: string[] = [];
        const locked = signal();
        const release = signal();

        const first = inTx(async (tx) => {
          await tx.messages.lockNumbers([f.number.id]);
          locked.fire();
          await release.fired;
          await tx.messages.save(aMessage(conversation, { receivedAt: at(5) }));
          events.push('first wrote');
        });
        await locked.fired;
        const second = inTx(async (tx) => {
          await tx.messages.lockNumbers([f.number.id]);
          events.push('second locked');
          const latest = await tx.messages.latestReceivedAt(f.number.id);
          await tx.messages.save(aMessage(conversation, { receivedAt: new Date((latest ?? at(5)).getTime() + 1) }));
          return latest;
        });
        await pause(200);
        events.push('released');
        release.fire();

        const [, seen] = await Promise.all([first, second]);
        expect(events).toEqual(['released', 'first wrote', 'second locked']);
        expect(seen).toEqual(at(5));
        expect(await receivedAts(f.projectId, f.number.id)).toEqual([at(6), at(5)]);
      });

      it('lets units of work lock overlapping numbers in any order without deadlocking', async () => {
        const [x, y, z] = [await aFixture(), await aFixture(), await aFixture()];
        const [cx, cy, cz] = [aConversation(x.number), aConversation(y.number), aConversation(z.number)];
        for (const c of [cx, cy, cz]) await saved(c);
        const held = signal();
        const release = signal();
        // Holds every number, so the writers below all queue for their first lock, and all
        // wake together when it commits: a writer that locked in the order given would then
        // hold one number while waiting for another that a writer in the opposite order holds.
        const blocker = inTx(async (tx) => {
          await tx.messages.lockNumbers([x.number.id, y.number.id, z.number.id]);
          held.fire();
          await release.fired;
        });
        await held.fired;
        const writer = (conversations: readonly Conversation[]) =>
          inTx(async (tx) => {
            await tx.messages.lockNumbers(conversations.map((c) => c.phoneNumberId));
            for (const c of conversations) {
              const latest = await tx.messages.latestReceivedAt(c.phoneNumberId);
              await tx.messages.save(aMessage(c, { receivedAt: latest === null ? at(0) : new Date(latest.getTime() + 1) }));
            }
          });
        const writers = [writer([cx, cy]), writer([cy, cx]), writer([cz, cy, cx]), writer([cx, cz])];
        await pause(200);
        release.fire();

        await Promise.all([blocker, ...writers]);
        expect({
          x: await receivedAts(x.projectId, x.number.id),
          y: await receivedAts(y.projectId, y.number.id),
          z: await receivedAts(z.projectId, z.number.id),
        }).toEqual({
          x: [at(3), at(2), at(1), at(0)],
          y: [at(2), at(1), at(0)],
          z: [at(1), at(0)],
        });
      });

      it("knows the number's newest receivedAt", async () => {
        const f = await aFixture();
        const one = aConversation(f.number);
        const two = aConversation(f.number);
        await saved(one, [aMessage(one, { receivedAt: at(7) }), aMessage(one, { receivedAt: at(3) })]);
        await saved(two, [aMessage(two, { receivedAt: at(9) })]);

        const latest = await inTx(async (tx) => [
          await tx.messages.latestReceivedAt(f.number.id),
          await tx.messages.latestReceivedAt(newId('num')),
        ]);

        expect(latest).toEqual([at(9), null]);
      });

      it("reads a thread, the number's newest receivedAt and the thread's newest messages together", async () => {
        const f = await aFixture();
        const one = aConversation(f.number, { state: { stage: 'quote' } });
        const two = aConversation(f.number);
        const oneMessage = aMessage(one, { receivedAt: at(4) });
        await saved(one, [oneMessage]);
        await saved(two, [aMessage(two, { receivedAt: at(8), mediaUrls: ['https://media.example.com/a.jpg'] })]);
        const empty = await aFixture();

        const found = await inTx((tx) =>
          tx.conversations.findThreadsAndLatest(
            [
              { phoneNumberId: f.number.id, participant: one.participant },
              { phoneNumberId: f.number.id, participant: newNumber() },
              { phoneNumberId: empty.number.id, participant: one.participant },
            ],
            5,
          ),
        );

        expect(found).toEqual([
          { conversation: one, latestReceivedAt: at(8), recent: [oneMessage], contact: null },
          { conversation: null, latestReceivedAt: at(8), recent: [], contact: null },
          { conversation: null, latestReceivedAt: null, recent: [], contact: null },
        ]);
      });

      it("reads each participant's contact in the number's project with its thread, never another project's", async () => {
        const f = await aFixture();
        const g = await aFixture();
        const known = newNumber();
        const contact = aContact({ projectId: f.projectId, phoneNumber: known, name: 'Known' });
        await inTx(async (tx) => {
          await tx.contacts.save(contact);
          await tx.contacts.save(aContact({ projectId: g.projectId, phoneNumber: newNumber(), name: 'Elsewhere' }));
        });

        const found = await inTx((tx) =>
          tx.conversations.findThreadsAndLatest(
            [
              { phoneNumberId: f.number.id, participant: known },
              { phoneNumberId: g.number.id, participant: known },
              { phoneNumberId: f.number.id, participant: newNumber() },
            ],
            0,
          ),
        );

        expect(found.map((thread) => thread.contact)).toEqual([contact, null, null]);
      });

      it('reads several threads, each with its own number\'s newest receivedAt, answering in the order asked', async () => {
        const f = await aFixture();
        const g = await aFixture();
        const quiet = await aFixture();
        const one = aConversation(f.number);
        const two = aConversation(f.number);
        const other = aConversation(g.number);
        const silent = aConversation(quiet.number);
        await saved(one, [aMessage(one, { receivedAt: at(4) })]);
        await saved(two, [aMessage(two, { receivedAt: at(8) })]);
        await saved(other, [aMessage(other, { receivedAt: at(20) }), aMessage(other, { receivedAt: at(3) })]);
        await saved(silent);
        const stranger = newNumber();

        const found = await inTx(async (tx) => ({
          threads: await tx.conversations.findThreadsAndLatest(
            [
              { phoneNumberId: g.number.id, participant: other.participant },
              { phoneNumberId: f.number.id, participant: stranger },
              { phoneNumberId: quiet.number.id, participant: newNumber() },
              { phoneNumberId: f.number.id, participant: two.participant },
              { phoneNumberId: g.number.id, participant: one.participant },
              { phoneNumberId: quiet.number.id, participant: silent.participant },
              { phoneNumberId: f.number.id, participant: one.participant },
              { phoneNumberId: g.number.id, participant: other.participant },
            ],
            0,
          ),
          none: await tx.conversations.findThreadsAndLatest([], 3),
        }));

        expect(found).toEqual({
          threads: [
            { conversation: other, latestReceivedAt: at(20), recent: [], contact: null },
            { conversation: null, latestReceivedAt: at(8), recent: [], contact: null },
            { conversation: null, latestReceivedAt: null, recent: [], contact: null },
            { conversation: two, latestReceivedAt: at(8), recent: [], contact: null },
            { conversation: null, latestReceivedAt: at(20), recent: [], contact: null },
            { conversation: silent, latestReceivedAt: null, recent: [], contact: null },
            { conversation: one, latestReceivedAt: at(8), recent: [], contact: null },
            { conversation: other, latestReceivedAt: at(20), recent: [], contact: null },
          ],
          none: [],
        });
      });

      it("reads each thread's newest messages, newest first, only that thread's, as many as asked for", async () => {
        const f = await aFixture();
        const g = await aFixture();
        const one = aConversation(f.number);
        const two = aConversation(f.number);
        // The same participant on another number: another thread.
        const other = aConversation(g.number, { participant: one.participant });
        const silent = aConversation(f.number);
        // Both ways, interleaved with the number's other thread, saved out of order.
        const ones = [1, 3, 5, 7, 9].map((ms) =>
          ms % 4 === 1
            ? aMessage(one, { receivedAt: at(ms), body: `one ${ms}` })
            : aMessage(one, {
                receivedAt: at(ms),
                body: `one ${ms}`,
                direction: 'outbound',
                fromNumber: one.phoneNumber,
                toNumber: one.participant,
                status: 'sent',
                providerMessageId: carrierId(),
              }),
        );
        const twos = [2, 4, 6, 8, 10].map((ms) => aMessage(two, { receivedAt: at(ms), body: `two ${ms}` }));
        const others = [11, 12].map((ms) => aMessage(other, { receivedAt: at(ms), body: `other ${ms}` }));
        await saved(one, [ones[2]!, ones[4]!, ones[0]!, ones[3]!, ones[1]!]);
        await saved(two, [twos[4]!, twos[0]!, twos[2]!, twos[1]!, twos[3]!]);
        await saved(other, [others[1]!, others[0]!]);
        await saved(silent);
        const newest = (rows: readonly Message[], n: number) => [...rows].reverse().slice(0, n);
        const keyOf = (c: Conversation) => ({ phoneNumberId: c.phoneNumberId, participant: c.participant });
        const newcomer = { phoneNumberId: f.number.id, participant: newNumber() };

        const found = await inTx(async (tx) => ({
          three: await tx.conversations.findThreadsAndLatest(
            [keyOf(one), keyOf(other), newcomer, keyOf(two), keyOf(silent), keyOf(one)],
            3,
          ),
          one: await tx.conversations.findThreadsAndLatest([keyOf(two), keyOf(one)], 1),
          all: await tx.conversations.findThreadsAndLatest([keyOf(one)], 50),
          zero: await tx.conversations.findThreadsAndLatest([keyOf(one), newcomer], 0),
        }));
        const recentOf = (answers: readonly { readonly recent: readonly Message[] }[]) => answers.map((a) => a.recent);

        expect({
          three: recentOf(found.three),
          one: recentOf(found.one),
          all: recentOf(found.all),
          zero: recentOf(found.zero),
        }).toEqual({
          three: [newest(ones, 3), newest(others, 3), [], newest(twos, 3), [], newest(ones, 3)],
          one: [[twos[4]], [ones[4]]],
          all: [newest(ones, 5)],
          zero: [[], []],
        });
        expect(found.three.map((a) => a.conversation)).toEqual([one, other, null, two, silent, one]);
        expect(found.three.map((a) => a.latestReceivedAt)).toEqual([at(10), at(12), at(10), at(10), at(10), at(10)]);
        expect(found.all[0]!.recent.map((m) => m.body)).toEqual(['one 9', 'one 7', 'one 5', 'one 3', 'one 1']);
      });

      it('lists a thread newest first within before/after (both exclusive), saying whether more are left', async () => {
        const f = await aFixture();
        const conversation = aConversation(f.number);
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

      it("lists the project's thread as listByConversation does, in one read: empty without messages, null for another project's or none", async () => {
        const f = await aFixture();
        const conversation = aConversation(f.number);
        const silent = aConversation(f.number);
        const messages = [1, 2, 3].map((ms) => aMessage(conversation, { receivedAt: at(ms), body: `m${ms}` }));
        await saved(conversation, messages);
        await saved(silent);
        const window = { limit: 2, before: at(3), after: null };
        const listed = async () => ({
          all: await queries().messages.window(f.projectId, conversation.id, { limit: 5, before: null, after: null }),
          window: await queries().messages.window(f.projectId, conversation.id, window),
          between: await queries().messages.window(f.projectId, conversation.id, { limit: 5, before: at(3), after: at(1) }),
          silent: await queries().messages.window(f.projectId, silent.id, window),
          elsewhere: await queries().messages.window(newId('prj'), conversation.id, window),
          unknown: await queries().messages.window(f.projectId, newId('conv'), window),
        });
        const byConversation = await inTx((tx) => tx.messages.listByConversation(conversation.id, window));
        const expected = {
          all: { items: [messages[2], messages[1], messages[0]], hasMore: false, version: expect.any(String) },
          window: { ...byConversation, version: expect.any(String) },
          between: { items: [messages[1]], hasMore: false, version: expect.any(String) },
          silent: { items: [], hasMore: false, version: expect.any(String) },
          elsewhere: null,
          unknown: null,
        };
        expect(byConversation).toEqual({ items: [messages[1], messages[0]], hasMore: false });
        expect(await listed()).toEqual(expected);
      });
    });
  });
};
