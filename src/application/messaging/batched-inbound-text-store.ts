import type * as E from 'fp-ts/lib/Either.js';
import { DependencyUnavailable } from '../ports/dependency-unavailable.js';
import type { InboundSms, InboundTextBatchStore, InboundTextStore, StoredText, UnknownNumber } from '../ports/inbound-text-store.js';
import { GroupCommit } from '../kernel/group-commit.js';

/** Most texts stored by one unit of work, unless told otherwise. */
export const DEFAULT_TEXTS_PER_COMMIT = 64;

/**
 * Stores the texts that arrive while a unit of work is being written together, by the next one
 * (group commit): each text's answer still waits for its own commit, and a busy number's texts
 * no longer take turns one unit of work each. A batch that throws is stored again text by text,
 * so a text that cannot be stored fails alone; an unreachable database fails the whole batch.
 */
export class BatchedInboundTextStore implements InboundTextStore {
  private readonly commits: GroupCommit<InboundSms, E.Either<UnknownNumber, StoredText>>;

  constructor(batches: InboundTextBatchStore, options: { readonly maxTextsPerCommit?: number } = {}) {
    this.commits = new GroupCommit((texts) => batches.storeAll(texts), {
      maxBatch: options.maxTextsPerCommit ?? DEFAULT_TEXTS_PER_COMMIT,
      isShared: (error) => error instanceof DependencyUnavailable,
    });
  }

  store(text: InboundSms): Promise<E.Either<UnknownNumber, StoredText>> {
    return this.commits.submit(text);
  }
}
