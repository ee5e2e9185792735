import * as E from 'fp-ts/lib/Either.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { UpdateMessageStatus } from '../../../../src/application/use-cases/messages/update-message-status.js';
import { aConversation, aMessage, aNumber } from '../../../support/builders.js';
import { aMessagingStore, T0 } from './messaging-fixture.js';

/** Our text msg_1 of project proj_1, queued to the carrier. */
const QUEUED = aMessage(aConversation(aNumber({ projectId: 'proj_1' })), { id: 'msg_1', direction: 'outbound', body: 'On my way', receivedAt: T0 });

describe(UpdateMessageStatus.name, () => {
  let store: ReturnType<typeof aMessagingStore>;
  let sut: UpdateMessageStatus;

  beforeEach(() => {
    store = aMessagingStore();
    sut = new UpdateMessageStatus({ uow: store.uow });
  });

  it('applies a report that beats the send bookkeeping, found by our own ids, and records the carrier id', async () => {
    await store.seed(async (tx) => tx.messages.save(QUEUED));

    const result = await sut.execute({ providerMessageId: 'SM9', ownId: { projectId: 'proj_1', messageId: 'msg_1' }, status: 'sent', errorCode: null })();

    expect(E.isRight(result)).toBe(true);
    expect(store.tables.messages.get('msg_1')).toMatchObject({ status: 'sent', providerMessageId: 'SM9' });
  });

  it('finds the message by the carrier id when the callback carries no ids of ours, and never moves it back', async () => {
    await store.seed(async (tx) => tx.messages.save({ ...QUEUED, providerMessageId: 'SM9', status: 'delivered' }));

    await sut.execute({ providerMessageId: 'SM9', ownId: null, status: 'sent', errorCode: null })();

    expect(store.tables.messages.get('msg_1')).toMatchObject({ status: 'delivered', providerMessageId: 'SM9' });
  });

  it('answers NotFound for a report about no message of ours', async () => {
    const result = await sut.execute({ providerMessageId: 'SM404', ownId: null, status: 'sent', errorCode: null })();

    expect(result).toEqual(E.left({ _tag: 'NotFound', resource: 'message', id: 'SM404' }));
  });
});
