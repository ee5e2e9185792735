import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../../src/adapters/pino/pino-logger.js';
import { SimulatedTelephony } from '../../../../src/adapters/simulated/simulated-telephony.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import type { OutboundSms, SentSms } from '../../../../src/application/ports/telephony.js';
import type { ProviderFailure } from '../../../../src/application/ports/provider-failure.js';
import { OutboundTextSender } from '../../../../src/application/messaging/outbound-text-sender.js';
import { SendSms } from '../../../../src/application/use-cases/messages/send-sms.js';
import { trustE164 } from '../../../../src/domain/e164.js';
import { anAgent, aNumber, aWebhook } from '../../../support/builders.js';
import { eventEncoder } from '../../../support/outbound-events.js';
import { SYSTEM_ORIGIN } from '../../../support/audit-builders.js';

const LEASE_MS = 30_000;
const STATUS_URL = 'https://switchboard.example.com/twilio/sms/status';
const TO = trustE164('+12125550199');

/** The simulated carrier, except that a send can be made to never answer: its sender "dies" with it. */
class MortalCarrier extends SimulatedTelephony {
  /** `before`: the request never reaches the carrier; `after`: the carrier takes it, the answer is lost. */
  dieOnNextSend: 'before' | 'after' | null = null;

  override async sendSms(sms: OutboundSms): Promise<E.Either<ProviderFailure, SentSms>> {
    const dying = this.dieOnNextSend;
    this.dieOnNextSend = null;
    if (dying === 'before') return new Promise(() => undefined);
    const sent = await super.sendSms(sms);
    return dying === 'after' ? new Promise(() => undefined) : sent;
  }
}

const aRig = async () => {
  const uow = new InMemoryUnitOfWork();
  const clock = new FixedClock(new Date('2026-05-01T12:00:00.000Z'));
  const telephony = new MortalCarrier();
  const agent = anAgent();
  const bought = await telephony.purchaseNumber(trustE164('+14155550100'), { smsUrl: '', voiceUrl: '', voiceStatusUrl: '' });
  if (E.isLeft(bought)) throw new Error('no number');
  const number = aNumber({ projectId: agent.projectId, agentId: agent.id, phoneNumber: bought.right.phoneNumber, providerId: bought.right.providerId });
  await uow.transaction(async (tx) => {
    await tx.agents.save(agent);
    await tx.numbers.save(number);
    return E.right(undefined);
  });
  const pokes: number[] = [];
  const deps = {
    uow,
    clock,
    telephony,
    ids: new TimeSortableIdGenerator(),
    eventEncoder,
    deliveryTrigger: { poke: () => void pokes.push(pokes.length) },
    smsStatusUrl: STATUS_URL,
    leaseMs: LEASE_MS,
  };
  const sendSms = new SendSms(deps);
  const sut = new OutboundTextSender({ ...deps, logger: silentLogger() });
  const input = (body: string, idempotencyKey: string | null = null) => ({
    projectId: agent.projectId,
    agentId: agent.id,
    to: TO,
    body,
    mediaUrls: [],
    numberId: null,
    fromNumber: null,
    idempotencyKey,
    origin: SYSTEM_ORIGIN,
  });
  /** A send whose process dies mid-way: the request never answers. */
  const dyingSend = async (body: string, when: 'before' | 'after', key: string | null = null) => {
    telephony.dieOnNextSend = when;
    void sendSms.execute(input(body, key))();
    await new Promise<void>((resolve) => setImmediate(resolve));
    return [...uow.tables.messages.values()].find((m) => m.body === body)!;
  };
  return { uow, clock, telephony, agent, sendSms, sut, input, dyingSend, pokes };
};

describe(OutboundTextSender.name, () => {
  it('sends, once, a text whose sender died before the carrier got it, once its hold has run out', async () => {
    const r = await aRig();
    const queued = await r.dyingSend('Your table is ready', 'before');

    const whileHeld = await r.sut.runOnce();
    r.clock.advance(LEASE_MS);
    const afterHold = await r.sut.runOnce();
    const again = await r.sut.runOnce();

    expect([whileHeld, afterHold, again]).toEqual([0, 1, 0]);
    expect(r.telephony.outbox.map((s) => s.body)).toEqual(['Your table is ready']);
    expect(r.uow.tables.messages.get(queued.id)).toMatchObject({ status: 'sent', providerMessageId: r.telephony.outbox[0]!.providerMessageId });
    expect([...r.uow.tables.outboundTexts.values()]).toEqual([]);
  });

  it('does not retry a queued text to a number suppressed since it was queued: the text is failed, nothing reaches the carrier', async () => {
    const r = await aRig();
    const queued = await r.dyingSend('Your order shipped', 'before');
    await r.uow.transaction(async (tx) =>
      E.right(await tx.suppressions.add({ projectId: r.agent.projectId, phoneNumber: TO, channel: 'sms', reason: 'STOP', source: 'sms_keyword', createdAt: r.clock.now() })),
    );
    r.clock.advance(LEASE_MS);

    await r.sut.runOnce();

    expect(r.telephony.outbox).toEqual([]);
    expect(r.uow.tables.messages.get(queued.id)).toMatchObject({ status: 'failed' });
    expect([...r.uow.tables.outboundTexts.values()]).toEqual([]);
    expect([...r.uow.tables.auditEvents.values()]).toEqual([
      expect.objectContaining({ kind: 'attempt.refused', phoneNumber: TO, channel: 'sms', actor: { type: 'system' }, reason: 'CONTACT_SUPPRESSED', details: expect.objectContaining({ path: 'queued text retry' }) }),
    ]);
  });

  it('does not send again a text the carrier took before its sender died: it records the carrier id', async () => {
    const r = await aRig();
    const queued = await r.dyingSend('Running late', 'after', 'key-1');
    r.clock.advance(LEASE_MS);

    await r.sut.runOnce();

    expect(r.telephony.outbox).toHaveLength(1);
    expect(r.uow.tables.messages.get(queued.id)).toMatchObject({ status: 'sent', providerMessageId: r.telephony.outbox[0]!.providerMessageId });
    expect(r.uow.tables.idempotencyKeys.get(`${queued.projectId}:key-1`)?.answer).toEqual({
      kind: 'accepted',
      status: 'sent',
      providerMessageId: r.telephony.outbox[0]!.providerMessageId,
      errorCode: null,
    });
  });

  it("marks the text failed with the carrier's code when the carrier refuses it, and answers the key so", async () => {
    const r = await aRig();
    const queued = await r.dyingSend('Hello', 'before', 'key-2');
    r.clock.advance(LEASE_MS);
    r.telephony.failNext('sendSms', 'Message from an Unregistered Number', '30034');

    await r.sut.runOnce();

    expect(r.uow.tables.messages.get(queued.id)).toMatchObject({ status: 'failed', errorCode: '30034', providerMessageId: null });
    expect([...r.uow.tables.outboundTexts.values()]).toEqual([]);
    expect(r.uow.tables.idempotencyKeys.get(`${queued.projectId}:key-2`)?.answer).toEqual({
      kind: 'refused',
      message: 'Message from an Unregistered Number',
      providerCode: '30034',
    });
  });

  it("queues agent.message_failed for the thread's agent when the carrier refuses the text, and pokes the dispatcher", async () => {
    const r = await aRig();
    const webhook = aWebhook({ projectId: r.agent.projectId, agentId: r.agent.id });
    await r.uow.transaction(async (tx) => E.right(await tx.webhooks.save(webhook)));
    const queued = await r.dyingSend('Refused text', 'before');
    r.clock.advance(LEASE_MS);
    r.telephony.failNext('sendSms', 'Message from an Unregistered Number', '30034');

    await r.sut.runOnce();

    const deliveries = [...r.uow.tables.deliveries.values()];
    expect(deliveries.map((d) => [d.webhookId, d.eventType, d.channel, d.messageId, d.status])).toEqual([
      [webhook.id, 'agent.message_failed', 'sms', queued.id, 'pending'],
    ]);
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      event: 'agent.message_failed',
      agentId: r.agent.id,
      data: { messageId: queued.id, message: 'Refused text', errorCode: '30034', errorMessage: 'Message from an Unregistered Number' },
    });
    expect(r.pokes).toHaveLength(1);
  });

  it('has the request that saw the refusal queue the same event', async () => {
    const r = await aRig();
    await r.uow.transaction(async (tx) => E.right(await tx.webhooks.save(aWebhook({ projectId: r.agent.projectId }))));
    r.telephony.failNext('sendSms', 'Attempt to send to unsubscribed recipient', '21610');

    const sent = await r.sendSms.execute(r.input('To someone who said STOP'))();

    expect(E.isLeft(sent) && sent.left._tag).toBe('ProviderError');
    expect([...r.uow.tables.deliveries.values()].map((d) => d.eventType)).toEqual(['agent.message_failed']);
  });

  it('queues no event for a text the carrier took', async () => {
    const r = await aRig();
    await r.uow.transaction(async (tx) => E.right(await tx.webhooks.save(aWebhook({ projectId: r.agent.projectId }))));

    await r.sendSms.execute(r.input('Accepted'))();

    expect([...r.uow.tables.deliveries.values()]).toEqual([]);
    expect(r.pokes).toEqual([]);
  });

  it('leaves alone a text its own request settled', async () => {
    const r = await aRig();
    const sent = await r.sendSms.execute(r.input('Done at once'))();
    r.clock.advance(LEASE_MS);

    expect(E.isRight(sent)).toBe(true);
    expect(await r.sut.runOnce()).toBe(0);
    expect(r.telephony.outbox).toHaveLength(1);
  });
});
