import * as E from 'fp-ts/lib/Either.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { UpdateMessageStatus } from '../../../../src/application/use-cases/messages/update-message-status.js';
import { trustE164 } from '../../../../src/domain/e164.js';
import type { Message } from '../../../../src/domain/message.js';
import { aMessagingStore, T0 } from './messaging-fixture.js';

const aQueuedMessage = (overrides: Partial<Message> = {}): Message => ({
  id: 'msg_1',
  projectId: 'proj_1',
  conversationId: 'conv_1',
  phoneNumberId: 'num_1',
  direction: 'outbound',
  channel: 'sms',
  body: 'On my way',
  fromNumber: trustE164('+14155550100'),
  toNumber: trustE164('+14155550199'),
  status: 'queued',
  mediaUrls: [],
  providerMessageId: null,
  errorCode: null,
  receivedAt: T0,
  ...overrides,
});

describe(UpdateMessageStatus.name, () => {
  let store: ReturnType<typeof aMessagingStore>;
  let sut: UpdateMessageStatus;

  beforeEach(() => {
    store = aMessagingStore();
    sut = new UpdateMessageStatus({ uow: store.uow });
  });

  it('applies a report that beats the send bookkeeping, found by our own ids, and records the carrier id', async () => {
    await store.seed(async (tx) => tx.messages.save(aQueuedMessage()));

    const result = await sut.execute({ providerMessageId: 'SM9', ownId: { projectId: 'proj_1', messageId: 'msg_1' }, status: 'sent', errorCode: null })();

    expect(E.isRight(result)).toBe(true);
    expect(store.tables.messages.get('msg_1')).toMatchObject({ status: 'sent', providerMessageId: 'SM9' });
  });

  it('finds the message by the carrier id when the callback carries no ids of ours, and never moves it back', async () => {
    await store.seed(async (tx) => tx.messages.save(aQueuedMessage({ providerMessageId: 'SM9', status: 'delivered' })));

    await sut.execute({ providerMessageId: 'SM9', ownId: null, status: 'sent', errorCode: null })();

    expect(store.tables.messages.get('msg_1')).toMatchObject({ status: 'delivered', providerMessageId: 'SM9' });
  });

  it('answers NotFound for a report about no message of ours', async () => {
    const result = await sut.execute({ providerMessageId: 'SM404', ownId: null, status: 'sent', errorCode: null })();

    expect(result).toEqual(E.left({ _tag: 'NotFound', resource: 'message', id: 'SM404' }));
  });
});
