import * as E from 'fp-ts/lib/Either.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { ClaimedHandOff } from '../../../../src/application/webhooks/dispatcher-hand-off.js';
import { ReceiveInboundSms, type InboundSms } from '../../../../src/application/use-cases/messages/receive-inbound-sms.js';
import { trustE164 } from '../../../../src/domain/e164.js';
import { aContact, anInboundSms, aNumber, aWebhook } from '../../../support/builders.js';
import { aMessagingStore, aTextReceiver, LINE, RecordingTrigger, seedTextingLine, T0 } from './messaging-fixture.js';
import { eventEncoder } from '../../../support/outbound-events.js';
import { aCampaign, aRecipient } from '../../../support/campaign-builders.js';

const OURS = trustE164('+14155550100');
const SECOND = trustE164('+14155550101');
const THEIRS = trustE164('+14155550199');

/** num_1 once given back. */
const RELEASED = aNumber({ id: 'num_1', projectId: LINE.projectId, phoneNumber: OURS, status: 'released', releasedAt: T0 });

describe(ReceiveInboundSms.name, () => {
  let store: ReturnType<typeof aMessagingStore>;
  let trigger: RecordingTrigger;
  let sut: ReceiveInboundSms;

  beforeEach(async () => {
    store = aMessagingStore();
    trigger = new RecordingTrigger();
    sut = aTextReceiver({ uow: store.uow, clock: store.clock, ids: store.ids, eventHandOff: new ClaimedHandOff(trigger), eventEncoder });
    await store.seed((tx) => seedTextingLine(tx, [OURS, SECOND]));
  });

  const receive = async (sms: Partial<InboundSms> = {}) => {
    const result = await sut.execute(anInboundSms({ to: OURS, from: THEIRS, ...sms }))();
    if (E.isLeft(result)) throw new Error(`expected Right, got ${JSON.stringify(result.left)}`);
    return result.right;
  };
  const deliveries = () => [...store.tables.deliveries.values()];
  const bodyOf = (index: number) => JSON.parse(deliveries()[index]!.body);

  it("stores the text as received on a new thread owned by the number's agent, at once", async () => {
    const received = await receive({ body: 'Do you deliver?', mediaUrls: ['https://media.example.com/1.jpg'], providerMessageId: 'SM1' });

    expect(received.duplicate).toBe(false);
    expect([...store.tables.messages.values()]).toEqual([
      {
        id: expect.stringMatching(/^msg_/),
        projectId: 'proj_1',
        conversationId: received.conversation.id,
        phoneNumberId: 'num_1',
        direction: 'inbound',
        channel: 'sms',
        body: 'Do you deliver?',
        fromNumber: THEIRS,
        toNumber: OURS,
        status: 'received',
        mediaUrls: ['https://media.example.com/1.jpg'],
        providerMessageId: 'SM1',
        errorCode: null,
        receivedAt: T0,
      },
    ]);
    expect([...store.tables.conversations.values()]).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^conv_/),
        agentId: 'agt_1',
        phoneNumberId: 'num_1',
        phoneNumber: OURS,
        participant: THEIRS,
        lastMessageAt: T0,
        lastMessagePreview: 'Do you deliver?',
        messageCount: 1,
        state: null,
      }),
    ]);
  });

  it('keeps separate threads for two numbers of one agent with the same participant', async () => {
    const first = await receive({ to: OURS });
    const second = await receive({ to: SECOND });
    const again = await receive({ to: OURS });

    expect(first.conversation.id).not.toBe(second.conversation.id);
    expect(again.conversation.id).toBe(first.conversation.id);
    expect(
      [...store.tables.conversations.values()].map((c) => [c.phoneNumberId, c.participant, c.agentId, c.messageCount]).sort(),
    ).toEqual([
      ['num_1', THEIRS, 'agt_1', 2],
      ['num_2', THEIRS, 'agt_1', 1],
    ]);
  });

  it('stores a repeated carrier id once and queues nothing for the repeat', async () => {
    await store.seed((tx) => tx.webhooks.save(aWebhook({ id: 'wh_1', projectId: LINE.projectId })));
    const first = await receive({ providerMessageId: 'SMdup' });

    const repeat = await receive({ providerMessageId: 'SMdup', body: 'changed?' });

    expect(repeat).toEqual({ message: first.message, conversation: first.conversation, duplicate: true });
    expect(store.tables.messages.size).toBe(1);
    expect([...store.tables.conversations.values()][0]!.messageCount).toBe(1);
    expect(deliveries()).toHaveLength(1);
    expect(trigger.pokes).toBe(1);
  });

  it('answers a repeated carrier id with the stored text even after its number was released', async () => {
    const first = await receive({ providerMessageId: 'SMlate' });
    await store.seed((tx) => tx.numbers.save(RELEASED));

    const repeat = await receive({ providerMessageId: 'SMlate' });

    expect(repeat).toEqual({ message: first.message, conversation: first.conversation, duplicate: true });
    expect(store.tables.messages.size).toBe(1);
  });

  it('gives texts arriving in the same millisecond distinct, increasing receivedAt', async () => {
    await receive({ to: OURS });
    await receive({ to: SECOND });
    await receive({ to: OURS });

    const times = [...store.tables.messages.values()].map((m) => [m.phoneNumberId, m.receivedAt.toISOString()]);
    expect(times).toEqual([
      ['num_1', '2026-05-01T12:00:00.000Z'],
      ['num_2', '2026-05-01T12:00:00.000Z'],
      ['num_1', '2026-05-01T12:00:00.001Z'],
    ]);
  });

  it('refuses a text to a number that is not live, storing nothing', async () => {
    await store.seed((tx) => tx.numbers.save(RELEASED));

    const result = await sut.execute(anInboundSms({ from: THEIRS, to: OURS }))();
    const unknown = await sut.execute(anInboundSms({ from: THEIRS, to: trustE164('+12125550100') }))();

    expect(result).toEqual(E.left({ _tag: 'NotFound', resource: 'number', id: OURS }));
    expect(unknown).toEqual(E.left({ _tag: 'NotFound', resource: 'number', id: '+12125550100' }));
    expect(store.tables.messages.size).toBe(0);
    expect(store.tables.conversations.size).toBe(0);
  });

  describe('the agent.message event', () => {
    it("queues it for the agent's own webhook with the recent contextLimit messages and the conversation state", async () => {
      await store.seed(async (tx) => {
        await tx.webhooks.save(aWebhook({ id: 'wh_default', projectId: LINE.projectId }));
        await tx.webhooks.save(aWebhook({ id: 'wh_agent', projectId: LINE.projectId, agentId: LINE.agentId, contextLimit: 3 }));
        await tx.contacts.save(aContact({ id: 'ctc_1', projectId: LINE.projectId, phoneNumber: THEIRS, email: 'ada@example.com' }));
      });
      for (const body of ['one', 'two', 'three', 'four']) {
        await receive({ body });
        store.clock.advance(1000);
      }
      const thread = [...store.tables.conversations.values()][0]!;
      await store.seed((tx) => tx.conversations.save({ ...thread, state: { stage: 'quote', cart: ['A-1'] } }));
      store.tables.deliveries.clear();

      const last = await receive({ body: 'five', providerMessageId: 'SM5', mediaUrls: ['https://media.example.com/5.png'] });

      expect(deliveries()).toEqual([
        expect.objectContaining({
          webhookId: 'wh_agent',
          agentId: 'agt_1',
          eventType: 'agent.message',
          channel: 'sms',
          messageId: last.message.id,
          status: 'pending',
        }),
      ]);
      const history = [...store.tables.messages.values()].filter((m) => m.body !== 'five');
      expect(bodyOf(0)).toEqual({
        event: 'agent.message',
        channel: 'sms',
        timestamp: '2026-05-01T12:00:04.000Z',
        agentId: 'agt_1',
        data: {
          messageId: last.message.id,
          conversationId: thread.id,
          numberId: 'num_1',
          from: THEIRS,
          to: OURS,
          contact: { id: 'ctc_1', name: 'Ada Lovelace', email: 'ada@example.com', phoneNumber: THEIRS },
          message: 'five',
          mediaUrls: ['https://media.example.com/5.png'],
          direction: 'inbound',
          receivedAt: '2026-05-01T12:00:04.000Z',
        },
        conversationState: { stage: 'quote', cart: ['A-1'] },
        recentHistory: history.slice(1).map((m) => ({
          messageId: m.id,
          content: m.body,
          direction: 'inbound',
          channel: 'sms',
          at: m.receivedAt.toISOString(),
        })),
      });
      expect(bodyOf(0).recentHistory.map((h: { content: string }) => h.content)).toEqual(['two', 'three', 'four']);
      expect(trigger.pokes).toBe(5);
    });

    it('goes to the account default when the agent has none, with no contact and no history at contextLimit 0', async () => {
      await store.seed((tx) => tx.webhooks.save(aWebhook({ id: 'wh_1', projectId: LINE.projectId, contextLimit: 0 })));
      await receive({ body: 'earlier' });

      await receive({ body: 'now' });

      expect(deliveries().map((d) => d.webhookId)).toEqual(['wh_1', 'wh_1']);
      expect(bodyOf(1)).toMatchObject({ data: { contact: null, message: 'now' }, conversationState: null, recentHistory: [] });
    });

    it('queues nothing and pokes no one when the project has no webhook', async () => {
      await receive();

      expect(deliveries()).toEqual([]);
      expect(trigger.pokes).toBe(0);
      expect(store.tables.messages.size).toBe(1);
    });
  });

  it('honours STOP: the sender becomes a do-not-call contact and their waiting campaign recipients are skipped; START clears it', async () => {
    const campaign = aCampaign({ projectId: LINE.projectId });
    const waiting = aRecipient({ campaignId: campaign.id, projectId: LINE.projectId, phoneNumber: THEIRS });
    await store.seed(async (tx) => {
      await tx.campaigns.save(campaign);
      await tx.campaignRecipients.insert([waiting]);
    });

    await receive({ body: 'Stop', providerMessageId: 'SM_STOP' });
    const contact = [...store.tables.contacts.values()].find((c) => c.phoneNumber === THEIRS);
    expect(contact).toMatchObject({ name: THEIRS, doNotCall: true });
    expect(store.tables.campaignRecipients.get(waiting.id)).toMatchObject({ status: 'skipped', skipReason: 'do_not_call' });

    await receive({ body: 'START', providerMessageId: 'SM_START' });
    expect(store.tables.contacts.get(contact!.id)).toMatchObject({ doNotCall: false });
    await receive({ body: 'please stop calling me at dinner', providerMessageId: 'SM_TALK' });
    expect(store.tables.contacts.get(contact!.id)).toMatchObject({ doNotCall: false });
  });

  it('keeps STOP on the suppression list for every channel, and START takes off only what a keyword put there', async () => {
    const listed = () => [...store.tables.suppressions.values()].filter((s) => s.phoneNumber === THEIRS).map((s) => ({ channel: s.channel, source: s.source, reason: s.reason }));
    await receive({ body: ' unsubscribe ', providerMessageId: 'SM_UNSUB' });
    expect(listed()).toEqual([{ channel: 'all', source: 'sms_keyword', reason: 'UNSUBSCRIBE' }]);

    await store.seed((tx) => tx.suppressions.add({ projectId: LINE.projectId, phoneNumber: THEIRS, channel: 'voice', reason: 'asked by phone', source: 'operator', createdAt: T0 }).then(() => undefined));
    await receive({ body: 'START', providerMessageId: 'SM_BACK' });
    expect(listed()).toEqual([{ channel: 'voice', source: 'operator', reason: 'asked by phone' }]);
  });
});
