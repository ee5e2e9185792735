import * as E from 'fp-ts/lib/Either.js';
import type { EmbeddingModel } from '../ports/embedding-model.js';
import type { EventBus, Unsubscribe } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Repositories } from '../ports/repositories.js';
import type { Clock } from '../ports/clock.js';
import type { PassageVector } from '../ports/vector-index.js';
import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';

export interface KnowledgeEmbedderOptions {
  /** Passages sent to the model in one request. */
  readonly batchSize: number;
  /** How long a claim holds: past it, passages an embedder took and did not store are taken again. */
  readonly claimMs: number;
  /** How often the store is swept for passages without vectors, whatever was announced. */
  readonly sweepMs: number;
}

/** One statement's work, outside a transaction: a claim and a store are each atomic alone. */
const written = async <A>(uow: UnitOfWork, work: (repos: Repositories) => Promise<A>): Promise<A> => {
  const done = await uow.transaction(async (repos) => E.right(await work(repos)));
  if (E.isLeft(done)) throw new Error('a write answered a Left');
  return done.right;
};

/** The stored vectors of the model: of one document, or (null) of all. */
export const storedVectors = async (uow: UnitOfWork, model: string, documentId: string | null): Promise<readonly PassageVector[]> => {
  const read = await uow.transaction(async (repos) => E.right(await repos.knowledgeDocuments.vectorsOf(model, documentId)));
  if (E.isLeft(read)) throw new Error('a read answered a Left');
  return read.right;
};

export const KNOWLEDGE_EMBEDDER_DEFAULTS: KnowledgeEmbedderOptions = { batchSize: 64, claimMs: 120_000, sweepMs: 30_000 };

/**
 * Makes the vectors of passages that have none (of the configured model), in the background:
 * a document is stored and searchable by its words at once, its vectors follow. Passages are
 * claimed a batch at a time, so embedders on several nodes share the work; a model that fails
 * leaves them claimed until the claim runs out, and a later sweep (the periodic one, or the next
 * change) takes them again, so no document is left without vectors for good.
 */
export class KnowledgeEmbedder {
  private sweeping: Promise<void> | null = null;
  private again = false;
  private unsubscribe: Unsubscribe | null = null;
  private readonly periodic = new PeriodicTask(
    () => this.sweep(),
    (error) => this.deps.logger.error({ err: errorMessage(error) }, 'knowledge embedding sweep failed'),
  );

  constructor(
    private readonly deps: {
      readonly uow: UnitOfWork;
      readonly model: EmbeddingModel;
      readonly eventBus: EventBus;
      readonly clock: Clock;
      readonly logger: Logger;
      readonly options?: KnowledgeEmbedderOptions;
    },
  ) {}

  /** Sweeps at once, then on every document changed on any node, and periodically for what failed. */
  async start(): Promise<void> {
    this.unsubscribe = await this.deps.eventBus.subscribeKnowledge((event) => {
      if (event.type === 'document-changed' || event.type === 'missed') this.sweep().catch((error: unknown) => this.deps.logger.error({ err: errorMessage(error) }, 'knowledge embedding sweep failed'));
    });
    this.periodic.start((this.deps.options ?? KNOWLEDGE_EMBEDDER_DEFAULTS).sweepMs, { runNow: true });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.periodic.stop();
    await this.sweeping?.catch(() => undefined);
  }

  /** Embeds what is waiting, now; a call during a sweep makes it go round once more. Resolves when nothing is left or the model failed. */
  sweep(): Promise<void> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = this.run().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      while (await this.embedBatch());
    } while (this.again);
  }

  /** One batch claimed, embedded and stored; false when there was none or the model failed. */
  private async embedBatch(): Promise<boolean> {
    const { uow, model, clock, logger } = this.deps;
    const { batchSize, claimMs } = this.deps.options ?? KNOWLEDGE_EMBEDDER_DEFAULTS;
    const claimedAt = clock.now();
    const staleBefore = new Date(claimedAt.getTime() - claimMs);
    const claimed = await written(uow, (tx) => tx.knowledgeDocuments.claimUnembedded(model.name, batchSize, claimedAt, staleBefore));
    if (claimed.length === 0) return false;
    const answer = await model.embed(claimed.map((p) => p.text));
    if (!answer.ok || answer.vectors.length !== claimed.length) {
      const reason = answer.ok ? `${answer.vectors.length} vectors for ${claimed.length} texts` : answer.reason;
      logger.warn({ passages: claimed.length, reason }, 'embedding model failed; the passages are embedded on a later sweep');
      return false;
    }
    const vectors: PassageVector[] = claimed.map((p, i) => ({ knowledgeBaseId: p.knowledgeBaseId, documentId: p.documentId, position: p.position, vector: answer.vectors[i]! }));
    await written(uow, (tx) => tx.knowledgeDocuments.storeVectors(model.name, claimedAt, vectors));
    const documents = new Map(claimed.map((p) => [p.documentId, p.knowledgeBaseId]));
    for (const [documentId, knowledgeBaseId] of documents) {
      await this.deps.eventBus.publishKnowledge({ type: 'document-embedded', knowledgeBaseId, documentId }).catch((error: unknown) =>
        logger.error({ documentId, err: errorMessage(error) }, 'could not announce a document embedded'),
      );
    }
    return true;
  }
}
