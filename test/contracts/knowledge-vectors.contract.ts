import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../src/adapters/in-process/in-process-event-bus.js';
import { OpenAiCompatibleEmbeddingModel } from '../../src/adapters/openai-compatible/openai-compatible-embedding-model.js';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../src/adapters/system/fixed-clock.js';
import { UsearchVectorIndex } from '../../src/adapters/usearch/usearch-vector-index.js';
import { HybridKnowledgeSearch } from '../../src/application/knowledge/hybrid-knowledge-search.js';
import { KnowledgeEmbedder, storedVectors } from '../../src/application/knowledge/knowledge-embedder.js';
import { VectorIndexSync } from '../../src/application/knowledge/vector-index-sync.js';
import type { KnowledgeSearch } from '../../src/application/queries/knowledge-search.js';
import type { KnowledgeBase, KnowledgeDocument } from '../../src/domain/knowledge-base.js';
import { passagesOf } from '../../src/domain/knowledge-chunks.js';
import { aFakeEmbeddingsServer, type FakeEmbeddings } from '../support/fake-embeddings.js';
import { at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const BOUNDS = { maxChars: 1200, overlapChars: 200 };
const CLAIM_MS = 60_000;
const MODEL = 'test-embedding';

interface FaqPage {
  readonly slug: string;
  readonly title: string;
  readonly markdown: string;
}
const FAQ = new URL('../fixtures/knowledge-faq/', import.meta.url);
const PAGES = (JSON.parse(readFileSync(new URL('pages.json', FAQ), 'utf8')) as { pages: FaqPage[] }).pages;
const QUESTIONS = JSON.parse(readFileSync(new URL('questions.json', FAQ), 'utf8')) as { question: string; page: string }[];

/** Recall at five: the share of questions whose answering page is among the first five passages found. */
const recallAt5 = async (search: KnowledgeSearch, kb: KnowledgeBase, slugOf: ReadonlyMap<string, string>): Promise<number> => {
  let found = 0;
  for (const { question, page } of QUESTIONS) {
    const passages = await search.search({ projectId: kb.projectId, knowledgeBaseIds: [kb.id], text: question, limit: 5 });
    if (passages.some((p) => slugOf.get(p.documentId) === page)) found++;
  }
  return found / QUESTIONS.length;
};

/**
 * Passages' vectors on every storage adapter: embedded in the background through a local
 * `/v1/embeddings`, retried after the model fails, loaded into the vector index and kept current
 * through the event bus, and searched with full text by reciprocal-rank fusion.
 */
export const knowledgeVectorsContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} knowledge vectors`, () => {
    const { store, inTx, queries } = useStore(open);
    let fake: FakeEmbeddings;
    beforeAll(async () => {
      fake = await aFakeEmbeddingsServer();
    });
    afterAll(() => fake.close());

    const aRig = () => {
      const uow = store().uow;
      const clock = new FixedClock(at(100));
      const eventBus = new InProcessEventBus();
      const model = new OpenAiCompatibleEmbeddingModel({ baseUrl: fake.baseUrl, apiKey: null, model: MODEL, timeoutMs: 5000 });
      const index = new UsearchVectorIndex();
      const logger = silentLogger();
      const sync = new VectorIndexSync({ uow, index, eventBus, model: MODEL, logger });
      const embedder = new KnowledgeEmbedder({ uow, model, eventBus, clock, logger, options: { batchSize: 16, claimMs: CLAIM_MS, sweepMs: 3_600_000 } });
      const hybrid = new HybridKnowledgeSearch({ fullText: queries().knowledge, passages: queries().knowledgePassages, index, model, logger });
      return { uow, clock, eventBus, model, index, sync, embedder, hybrid };
    };

    const stored = async (markdowns: readonly string[]): Promise<{ kb: KnowledgeBase; documents: KnowledgeDocument[] }> => {
      const kb: KnowledgeBase = { id: newId('kb'), projectId: newId('proj'), name: 'Help', description: null, createdAt: at(0), updatedAt: at(0) };
      const documents = await inTx(async (tx) => {
        await tx.knowledgeBases.save(kb);
        const saved: KnowledgeDocument[] = [];
        for (const [i, markdown] of markdowns.entries()) {
          const key = { id: newId('kdoc'), projectId: kb.projectId, knowledgeBaseId: kb.id };
          const chunks = passagesOf(key, markdown, BOUNDS);
          const document: KnowledgeDocument = { ...key, title: markdown.split('\n')[0]!.replace(/^#\s*/, ''), format: 'markdown', sourceUrl: null, content: markdown, chunkCount: chunks.length, createdAt: at(i + 1), updatedAt: at(i + 1) };
          await tx.knowledgeDocuments.save(document, chunks);
          saved.push(document);
        }
        return saved;
      });
      return { kb, documents };
    };

    it('leaves passages to a later sweep while the model fails, and embeds them once their claim has run out', async () => {
      const rig = aRig();
      const { documents } = await stored(['# Parking\n\nThe car park has forty spaces.']);
      fake.failing = true;

      await rig.embedder.sweep();
      fake.failing = false;
      await rig.embedder.sweep();
      expect(await storedVectors(rig.uow, MODEL, documents[0]!.id)).toEqual([]);

      rig.clock.advance(CLAIM_MS + 1);
      await rig.embedder.sweep();
      const vectors = await storedVectors(rig.uow, MODEL, documents[0]!.id);
      expect(vectors).toHaveLength(1);
      expect(vectors[0]!.vector).toHaveLength(256);
    });

    it('loads stored vectors at start, learns a document embedded or changed through the bus, and forgets a deleted base', async () => {
      const rig = aRig();
      await rig.embedder.sweep();
      await rig.sync.start();
      const { kb, documents } = await stored(['# Wifi\n\nFree wifi on every floor.', '# Cafe\n\nCoffee and cakes until three.']);
      const before = rig.index.size();

      await rig.embedder.sweep();
      await rig.sync.settled();
      expect(rig.index.size()).toBe(before + 2);
      const query = await rig.model.embed(['wifi']);
      if (!query.ok) throw new Error(query.reason);
      const near = await rig.index.nearest(query.vectors[0]!, [kb.id], 2);
      expect(near.map((h) => h.documentId)).toEqual([documents[0]!.id, documents[1]!.id]);

      await inTx((tx) => tx.knowledgeDocuments.delete(kb.projectId, kb.id, documents[1]!.id));
      await rig.eventBus.publishKnowledge({ type: 'document-changed', knowledgeBaseId: kb.id, documentId: documents[1]!.id });
      await rig.sync.settled();
      expect(rig.index.size()).toBe(before + 1);

      await rig.eventBus.publishKnowledge({ type: 'knowledge-base-removed', knowledgeBaseId: kb.id });
      await rig.sync.settled();
      expect(rig.index.size()).toBe(before);
      rig.sync.stop();
    });

    it('drops the vectors of a re-indexed document, and a late answer for its old passages writes nothing', async () => {
      const rig = aRig();
      await rig.embedder.sweep();
      const { documents } = await stored(['# Pets\n\nOnly assistance dogs may come in.']);
      const claimedAt = rig.clock.now();
      const claimed = await inTx((tx) => tx.knowledgeDocuments.claimUnembedded(MODEL, 10, claimedAt, new Date(claimedAt.getTime() - CLAIM_MS)));
      const changed = { ...documents[0]!, content: '# Pets\n\nCats must stay at home.' };
      await inTx((tx) => tx.knowledgeDocuments.save(changed, passagesOf(changed, changed.content, BOUNDS)));

      await inTx((tx) => tx.knowledgeDocuments.storeVectors(MODEL, claimedAt, claimed.map((p) => ({ ...p, vector: new Float32Array(256).fill(0.1) }))));
      expect(claimed.map((p) => p.text)).toEqual(['Pets\nOnly assistance dogs may come in.']);
      expect(await storedVectors(rig.uow, MODEL, documents[0]!.id)).toEqual([]);
    });

    it(`finds the answering page of a fixed set of questions among the first five passages: full text at least 0.9 of them, hybrid no fewer`, async () => {
      const rig = aRig();
      const { kb, documents } = await stored(PAGES.map((p) => p.markdown));
      const slugOf = new Map(documents.map((d, i) => [d.id, PAGES[i]!.slug]));
      await rig.embedder.sweep();
      await rig.sync.start();

      const fullText = await recallAt5(queries().knowledge, kb, slugOf);
      const hybrid = await recallAt5(rig.hybrid, kb, slugOf);

      console.info(`${name}: recall@5 full text ${fullText.toFixed(3)}, hybrid ${hybrid.toFixed(3)}`);
      expect(fullText).toBeGreaterThanOrEqual(0.9);
      expect(hybrid).toBeGreaterThanOrEqual(fullText);
      rig.sync.stop();
    });
  });
};
