import * as E from 'fp-ts/lib/Either.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { DuplicateKey } from '../../../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../../../src/application/ports/unit-of-work.js';
import type { QueuedEvent } from '../../../../src/application/ports/webhook-repositories.js';
import { ClaimedHandOff, DispatcherHandOff } from '../../../../src/application/webhooks/dispatcher-hand-off.js';
import { BatchedInboundTextStore } from '../../../../src/application/messaging/batched-inbound-text-store.js';
import { ReceiveInboundSms, type InboundSms } from '../../../../src/application/use-cases/messages/receive-inbound-sms.js';
import { trustE164 } from '../../../../src/domain/e164.js';
import type { Conversation } from '../../../../src/domain/conversation.js';
import type { Message } from '../../../../src/domain/message.js';
import { anInboundSms, aWebhook } from '../../../support/builders.js';
import { aMessagingStore, aTextReceiver, LINE, RecordingTrigger, seedTextingLine } from './messaging-fixture.js';
import { eventEncoder } from '../../../support/outbound-events.js';

const OURS = trustE164('+14155550100');
const SECOND = trustE164('+14155550101');
const ALICE = trustE164('+14155550198');
const BOB = trustE164('+14155550199');

/** Texts that arrive together (in one turn of the event loop) are stored by one unit of work. */
describe(`${ReceiveInboundSms.name} on a ${BatchedInboundTextStore.name}, texts arriving together`, () => {
  let store: ReturnType<typeof aMessagingStore>;
  let trigger: RecordingTrigger;
  let unitsOfWork: number;
  /** A storage fault on particular messages: a row the database refuses. */
  let refused: (body: string) => boolean;
  let sut: ReceiveInboundSms;

  beforeEach(async () => {
    store = aMessagingStore();
    trigger = new RecordingTrigger();
    unitsOfWork = 0;
    refused = () => false;
    const counting: UnitOfWork = {
      transaction: (work) => {
        unitsOfWork++;
        return store.uow.transaction((tx) => {
          const saveWithThreads = async (threads: readonly Conversation[], rows: readonly Message[]) => {
            if (rows.some((m) => refused(m.body))) throw new Error('row refused');
            await tx.messages.saveWithThreads(threads, rows);
          };
          return work({ ...tx, messages: { ...tx.messages, saveWithThreads } });
        });
      },
      ping: () => store.uow.ping(),
    };
    sut = aTextReceiver({ uow: counting, clock: store.clock, ids: store.ids, eventHandOff: new ClaimedHandOff(trigger), eventEncoder, maxTextsPerCommit: 64 });
    await store.seed(async (tx) => {
      await seedTextingLine(tx, [OURS, SECOND]);
      await tx.webhooks.save(aWebhook({ id: 'wh_1', projectId: LINE.projectId, contextLimit: 3 }));
    });
    unitsOfWork = 0;
  });

  const receiveTogether = (texts: readonly Partial<InboundSms>[]) => Promise.all(texts.map((text) => sut.execute(anInboundSms({ to: OURS, from: ALICE, ...text }))()));
  const rights = <A>(results: readonly E.Either<unknown, A>[]) =>
    results.map((result) => {
      if (E.isLeft(result)) throw new Error(`expected Right, got ${JSON.stringify(result.left)}`);
      return result.right;
    });
  const messages = () => [...store.tables.messages.values()];
  const events = () => [...store.tables.deliveries.values()].map((d) => JSON.parse(d.body));

  it('stores them in one unit of work, each on its own thread, in arrival order per number', async () => {
    const received = rights(
      await receiveTogether([
        { to: OURS, from: ALICE, body: 'a1' },
        { to: OURS, from: BOB, body: 'b1' },
        { to: SECOND, from: ALICE, body: 'a2' },
        { to: OURS, from: ALICE, body: 'a3' },
      ]),
    );

    expect(unitsOfWork).toBe(1);
    expect(received.map((r) => r.message.body)).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(received[3]!.conversation.id).toBe(received[0]!.conversation.id);
    expect(new Set(received.map((r) => r.conversation.id)).size).toBe(3);
    expect(messages().map((m) => [m.phoneNumberId, m.body, m.receivedAt.toISOString()])).toEqual([
      ['num_1', 'a1', '2026-05-01T12:00:00.000Z'],
      ['num_1', 'b1', '2026-05-01T12:00:00.001Z'],
      ['num_2', 'a2', '2026-05-01T12:00:00.000Z'],
      ['num_1', 'a3', '2026-05-01T12:00:00.002Z'],
    ]);
    const aliceThread = store.tables.conversations.get(received[0]!.conversation.id)!;
    expect(aliceThread).toMatchObject({ messageCount: 2, lastMessagePreview: 'a3', lastMessageAt: new Date('2026-05-01T12:00:00.002Z') });
    // Each answer shows the thread as it stood right after its own text.
    expect(received[0]!.conversation.messageCount).toBe(1);
    expect(received[3]!.conversation.messageCount).toBe(2);
    // One unit of work queued the four events: one poke claims them all.
    expect(trigger.pokes).toBe(1);
  });

  it("gives each text's event the messages before it, the batch's own earlier texts included", async () => {
    rights(await receiveTogether([{ body: 'old 1' }, { body: 'old 2' }]));
    store.clock.advance(1000);

    rights(await receiveTogether([{ body: 'new 1' }, { from: BOB, body: 'other thread' }, { body: 'new 2' }, { body: 'new 3' }]));

    const history = (body: string) =>
      events()
        .find((e) => e.data.message === body)
        .recentHistory.map((h: { content: string }) => h.content);
    expect(history('new 1')).toEqual(['old 1', 'old 2']);
    expect(history('new 2')).toEqual(['old 1', 'old 2', 'new 1']);
    expect(history('new 3')).toEqual(['old 2', 'new 1', 'new 2']);
    expect(history('other thread')).toEqual([]);
    expect(events()).toHaveLength(6);
  });

  it('stores two copies of one carrier id once: the second is answered with the first', async () => {
    const [first, copy, other] = rights(
      await receiveTogether([
        { providerMessageId: 'SMdup', body: 'once' },
        { providerMessageId: 'SMdup', body: 'once' },
        { providerMessageId: 'SMother', body: 'another' },
      ]),
    );

    expect(first!.duplicate).toBe(false);
    expect(copy).toMatchObject({ duplicate: true, message: first!.message });
    expect(other!.duplicate).toBe(false);
    expect(messages().map((m) => m.providerMessageId)).toEqual(['SMdup', 'SMother']);
    expect(events()).toHaveLength(2);
  });

  it('answers a copy of a text stored earlier with what was stored, and still stores the new texts with it', async () => {
    const [earlier] = rights(await receiveTogether([{ providerMessageId: 'SMearly', body: 'early' }]));
    unitsOfWork = 0;

    const [copy, fresh] = rights(
      await receiveTogether([
        { providerMessageId: 'SMearly', body: 'early' },
        { providerMessageId: 'SMfresh', body: 'fresh' },
      ]),
    );

    expect(copy).toMatchObject({ duplicate: true, message: earlier!.message });
    expect(fresh!.duplicate).toBe(false);
    expect(messages().map((m) => m.body)).toEqual(['early', 'fresh']);
    expect(events().map((e) => e.data.message)).toEqual(['early', 'fresh']);
    // The stored copy was looked up with the batch: no attempt was rolled back over it.
    expect(unitsOfWork).toBe(1);
  });

  it('fails a text to a number that is not live on its own, storing the others', async () => {
    const results = await receiveTogether([{ body: 'kept' }, { to: trustE164('+12125550100'), body: 'nowhere' }, { to: SECOND, body: 'kept too' }]);

    expect(results[1]).toEqual(E.left({ _tag: 'NotFound', resource: 'number', id: '+12125550100' }));
    expect(results.filter(E.isRight)).toHaveLength(2);
    expect(messages().map((m) => m.body)).toEqual(['kept', 'kept too']);
    expect(unitsOfWork).toBe(1);
  });

  it('runs the texts one by one when their shared unit of work fails, so a text that cannot be stored fails alone', async () => {
    refused = (body) => body === 'poison';

    const results = await Promise.allSettled(['fine', 'poison', 'fine too'].map((body) => sut.execute(anInboundSms({ to: OURS, from: ALICE, body }))()));

    expect(results.map((r) => (r.status === 'fulfilled' ? E.isRight(r.value) : r.reason.message))).toEqual([true, 'row refused', true]);
    expect(messages().map((m) => m.body)).toEqual(['fine', 'fine too']);
    expect(unitsOfWork).toBe(4);
  });

  describe("handing the events to this process's dispatcher", () => {
    const LEASE_END = new Date('2026-05-01T12:01:00.000Z');
    let handedOver: QueuedEvent[][];
    let leaseFor: () => Date | null;

    beforeEach(() => {
      handedOver = [];
      leaseFor = () => LEASE_END;
      sut = aTextReceiver({
        uow: store.uow,
        clock: store.clock,
        ids: store.ids,
        eventEncoder,
        eventHandOff: new DispatcherHandOff(
          { leaseFor: () => leaseFor(), take: (events) => void handedOver.push([...events]), poke: () => trigger.poke() },
          store.clock,
        ),
      });
    });

    it('queues the events held by its lease and hands them over after the commit, without a poke', async () => {
      const received = rights(await receiveTogether([{ body: 'one' }, { to: SECOND, body: 'two' }]));

      expect(handedOver).toHaveLength(1);
      expect(handedOver[0]!.map((e) => [e.delivery.messageId, e.webhook.id])).toEqual(received.map((r) => [r.message.id, 'wh_1']));
      // Stored as handed over, each held from other dispatchers' claims until the lease ends.
      expect(handedOver[0]!.map((e) => store.tables.deliveries.get(e.delivery.id))).toEqual(handedOver[0]!.map((e) => e.delivery));
      expect([...store.tables.deliveryLeases.entries()]).toEqual(handedOver[0]!.map((e) => [e.delivery.id, LEASE_END]));
      expect(trigger.pokes).toBe(0);
    });

    it('queues them unleased and pokes when the dispatcher cannot take them', async () => {
      leaseFor = () => null;

      rights(await receiveTogether([{ body: 'one' }, { body: 'two' }]));

      expect(handedOver).toEqual([]);
      expect(store.tables.deliveries.size).toBe(2);
      expect(store.tables.deliveryLeases.size).toBe(0);
      expect(trigger.pokes).toBe(1);
    });

    it('hands over the events of the texts it stored, none for a copy of a text stored earlier', async () => {
      rights(await receiveTogether([{ providerMessageId: 'SMearly', body: 'early' }]));
      handedOver = [];

      rights(await receiveTogether([{ providerMessageId: 'SMearly', body: 'early' }, { providerMessageId: 'SMnew', body: 'new' }]));

      expect(handedOver).toHaveLength(1);
      expect(handedOver[0]!.map((e) => JSON.parse(e.delivery.body).data.message)).toEqual(['new']);
      expect(store.tables.deliveries.has(handedOver[0]![0]!.delivery.id)).toBe(true);
      expect(store.tables.deliveries.size).toBe(2);
    });

    it('hands over only what committed: not the events of an attempt rolled back by a race the locks could not prevent', async () => {
      let races = 1;
      const racing: UnitOfWork = {
        transaction: (work) =>
          store.uow.transaction(async (tx) => {
            const result = await work(tx);
            // As if another process had committed the same carrier id meanwhile: the unique index refuses the commit.
            if (races-- > 0) throw new DuplicateKey('messages_provider_message_id_unique');
            return result;
          }),
        ping: () => store.uow.ping(),
      };
      sut = aTextReceiver({
        uow: racing,
        clock: store.clock,
        ids: store.ids,
        eventEncoder,
        eventHandOff: new DispatcherHandOff(
          { leaseFor: () => leaseFor(), take: (events) => void handedOver.push([...events]), poke: () => trigger.poke() },
          store.clock,
        ),
      });

      const [received] = rights(await receiveTogether([{ providerMessageId: 'SMrace', body: 'raced' }]));

      expect(handedOver).toHaveLength(1);
      expect(handedOver[0]!.map((e) => e.delivery.messageId)).toEqual([received!.message.id]);
      expect([...store.tables.deliveries.keys()]).toEqual(handedOver[0]!.map((e) => e.delivery.id));
      expect(messages().map((m) => m.providerMessageId)).toEqual(['SMrace']);
    });

    it('hands nothing over when no event was queued', async () => {
      await store.seed(async (tx) => tx.webhooks.delete('proj_1', 'wh_1'));

      rights(await receiveTogether([{ body: 'unheard' }]));

      expect(handedOver).toEqual([]);
      expect(trigger.pokes).toBe(0);
    });
  });
});
