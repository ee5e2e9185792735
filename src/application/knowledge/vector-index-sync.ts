import type { EventBus, KnowledgeEvent, Unsubscribe } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { PassageVector, VectorIndex } from '../ports/vector-index.js';
import { errorMessage } from '../kernel/periodic-task.js';
import { storedVectors } from './knowledge-embedder.js';

const byDocument = (vectors: readonly PassageVector[]): Map<string, PassageVector[]> => {
  const grouped = new Map<string, PassageVector[]>();
  for (const v of vectors) {
    const list = grouped.get(v.documentId);
    if (list) list.push(v);
    else grouped.set(v.documentId, [v]);
  }
  return grouped;
};

/**
 * Keeps this node's vector index equal to the stored vectors: all of them loaded at start, then
 * a document's loaded again whenever any node announces it changed or embedded, a deleted
 * knowledge base forgotten, and everything loaded again when the bus says notices were missed.
 */
export class VectorIndexSync {
  private unsubscribe: Unsubscribe | null = null;
  /** Loads one after another, so an older read never overwrites a newer one. */
  private loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      readonly uow: UnitOfWork;
      readonly index: VectorIndex;
      readonly eventBus: EventBus;
      readonly model: string;
      readonly logger: Logger;
    },
  ) {}

  /** Subscribes first, then loads: a change announced during the load is applied after it. */
  async start(): Promise<void> {
    this.unsubscribe = await this.deps.eventBus.subscribeKnowledge((event) => void this.heard(event));
    await this.queue(() => this.loadAll());
  }

  /** Resolves once every change heard so far is in the index. */
  settled(): Promise<void> {
    return this.loading;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private heard(event: KnowledgeEvent): Promise<void> {
    switch (event.type) {
      case 'document-changed':
      case 'document-embedded':
        return this.queue(() => this.loadDocument(event.knowledgeBaseId, event.documentId));
      case 'knowledge-base-removed':
        return this.queue(async () => this.deps.index.removeKnowledgeBase(event.knowledgeBaseId));
      case 'missed':
        return this.queue(() => this.loadAll());
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  private queue(work: () => Promise<void>): Promise<void> {
    this.loading = this.loading.then(work).catch((error: unknown) => this.deps.logger.error({ err: errorMessage(error) }, 'vector index could not load stored vectors'));
    return this.loading;
  }

  private async loadAll(): Promise<void> {
    const { uow, index, model } = this.deps;
    const vectors = await storedVectors(uow, model, null);
    index.clear();
    for (const [documentId, own] of byDocument(vectors)) index.replaceDocument(own[0]!.knowledgeBaseId, documentId, own);
    this.deps.logger.info({ vectors: vectors.length }, 'vector index loaded');
  }

  private async loadDocument(knowledgeBaseId: string, documentId: string): Promise<void> {
    const vectors = await storedVectors(this.deps.uow, this.deps.model, documentId);
    this.deps.index.replaceDocument(knowledgeBaseId, documentId, vectors);
  }
}
