import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { BatchedInboundTextStore } from '../../../../src/application/messaging/batched-inbound-text-store.js';
import { DependencyUnavailable } from '../../../../src/application/ports/dependency-unavailable.js';
import { unknownNumber, type InboundSms, type InboundTextBatchStore, type StoredText, type UnknownNumber } from '../../../../src/application/ports/inbound-text-store.js';
import { aConversation, aMessage, anInboundSms, aNumber } from '../../../support/builders.js';

const CONVERSATION = aConversation(aNumber());
const STORED: StoredText = { received: { conversation: CONVERSATION, message: aMessage(CONVERSATION), duplicate: false }, hosted: false };

/** A batch store that answers every text to a known number alike, recording the batches it was given. */
class RecordingBatches implements InboundTextBatchStore {
  readonly batches: string[][] = [];
  fail: ((texts: readonly InboundSms[]) => Error | null) | null = null;

  async storeAll(texts: readonly InboundSms[]): Promise<readonly E.Either<UnknownNumber, StoredText>[]> {
    this.batches.push(texts.map((text) => text.body));
    const error = this.fail?.(texts);
    if (error) throw error;
    return texts.map((text) => (text.body === 'nowhere' ? E.left(unknownNumber(text.to)) : E.right(STORED)));
  }
}

describe(BatchedInboundTextStore.name, () => {
  it('stores the texts that arrive together in one batch, and each of the next ones at most `maxTextsPerCommit` at a time', async () => {
    const batches = new RecordingBatches();
    const sut = new BatchedInboundTextStore(batches, { maxTextsPerCommit: 2 });

    const results = await Promise.all(['a', 'b', 'nowhere', 'd'].map((body) => sut.store(anInboundSms({ body }))));

    expect(batches.batches).toEqual([['a', 'b'], ['nowhere', 'd']]);
    expect(results.map(E.isRight)).toEqual([true, true, false, true]);
  });

  it('stores a batch that throws again text by text, so that only the text that cannot be stored fails', async () => {
    const batches = new RecordingBatches();
    batches.fail = (texts) => (texts.some((text) => text.body === 'poison') ? new Error('row refused') : null);
    const sut = new BatchedInboundTextStore(batches);

    const results = await Promise.allSettled(['fine', 'poison', 'fine too'].map((body) => sut.store(anInboundSms({ body }))));

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches.batches).toEqual([['fine', 'poison', 'fine too'], ['fine'], ['poison'], ['fine too']]);
  });

  it('fails every text of the batch at once when the database cannot be reached', async () => {
    const batches = new RecordingBatches();
    batches.fail = () => new DependencyUnavailable('database');
    const sut = new BatchedInboundTextStore(batches);

    const results = await Promise.allSettled(['one', 'two'].map((body) => sut.store(anInboundSms({ body }))));

    expect(results.map((r) => (r.status === 'rejected' ? r.reason : null))).toEqual([expect.any(DependencyUnavailable), expect.any(DependencyUnavailable)]);
    expect(batches.batches).toEqual([['one', 'two']]);
  });
});
