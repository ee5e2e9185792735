import { describe, expect, it } from 'vitest';
import { acceptedByCarrier, advanceStatus, nextReceivedAt, type MessageStatus } from '../../../src/domain/message.js';
import { aConversation, aMessage, aNumber } from '../../support/builders.js';

const THREAD = aConversation(aNumber());

describe(advanceStatus.name, () => {
  it.each<[MessageStatus, MessageStatus, MessageStatus]>([
    ['queued', 'sent', 'sent'],
    ['queued', 'delivered', 'delivered'],
    ['sent', 'delivered', 'delivered'],
    ['sent', 'failed', 'failed'],
    ['sent', 'queued', 'sent'],
    ['delivered', 'sent', 'delivered'],
    ['delivered', 'failed', 'delivered'],
    ['failed', 'delivered', 'failed'],
    ['failed', 'sent', 'failed'],
    ['received', 'delivered', 'received'],
    ['queued', 'received', 'queued'],
  ])('%s then %s gives %s', (from, report, expected) => {
    const sut = advanceStatus(aMessage(THREAD, { direction: 'outbound', status: from }), report);

    expect(sut.status).toBe(expected);
  });

  it('keeps the carrier error code of a failure', () => {
    const sut = advanceStatus(aMessage(THREAD, { direction: 'outbound', status: 'sent' }), 'failed', '30034');

    expect(sut).toMatchObject({ status: 'failed', errorCode: '30034' });
  });

  it('returns the same message when nothing changes', () => {
    const message = aMessage(THREAD, { direction: 'outbound', status: 'delivered' });

    expect(advanceStatus(message, 'sent')).toBe(message);
  });
});

describe(acceptedByCarrier.name, () => {
  it("stores the carrier's id and how far it got", () => {
    const sut = acceptedByCarrier(aMessage(THREAD, { direction: 'outbound', providerMessageId: null }), 'SM42', 'sent');

    expect(sut).toMatchObject({ providerMessageId: 'SM42', status: 'sent' });
  });
});

describe(nextReceivedAt.name, () => {
  const now = new Date('2026-01-01T00:00:00.500Z');

  it('is now when the number has no message yet, or only older ones', () => {
    expect(nextReceivedAt(now, null)).toEqual(now);
    expect(nextReceivedAt(now, new Date('2026-01-01T00:00:00.499Z'))).toEqual(now);
  });

  it('is one millisecond after the newest when now would tie it or fall before it', () => {
    expect(nextReceivedAt(now, now)).toEqual(new Date('2026-01-01T00:00:00.501Z'));
    expect(nextReceivedAt(now, new Date('2026-01-01T00:00:00.900Z'))).toEqual(new Date('2026-01-01T00:00:00.901Z'));
  });
});
