import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { InMemoryVectorIndex } from '../../../src/adapters/memory/in-memory-vector-index.js';
import { inMemoryStoreQueries } from '../../../src/adapters/memory/in-memory-queries.js';
import { OpenAiCompatibleEmbeddingModel } from '../../../src/adapters/openai-compatible/openai-compatible-embedding-model.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { HybridKnowledgeSearch } from '../../../src/application/knowledge/hybrid-knowledge-search.js';
import { passagesOf } from '../../../src/domain/knowledge-chunks.js';
import { RRF_K } from '../../../src/domain/rank-fusion.js';
import { aFakeEmbeddingsServer, testEmbeddingOf, type FakeEmbeddings } from '../../support/fake-embeddings.js';
import { at } from '../../support/builders.js';

const KB = { id: 'kb_help', projectId: 'proj_1', name: 'Help', description: null, createdAt: at(0), updatedAt: at(0) };
const PAGES = ['# Refunds\n\nMoney goes back to the original card within five days.', '# Parking\n\nForty spaces behind the building.'];

describe(HybridKnowledgeSearch.name, () => {
  let fake: FakeEmbeddings;
  beforeAll(async () => {
    fake = await aFakeEmbeddingsServer();
  });
  afterAll(() => fake.close());

  const aSearch = async () => {
    const uow = new InMemoryUnitOfWork();
    const index = new InMemoryVectorIndex();
    await uow.transaction(async (tx) => {
      await tx.knowledgeBases.save(KB);
      for (const [i, page] of PAGES.entries()) {
        const key = { id: `kdoc_${i}`, projectId: KB.projectId, knowledgeBaseId: KB.id };
        const chunks = passagesOf(key, page, { maxChars: 1200, overlapChars: 200 });
        await tx.knowledgeDocuments.save({ ...key, title: `Page ${i}`, format: 'markdown', sourceUrl: null, content: page, chunkCount: chunks.length, createdAt: at(i), updatedAt: at(i) }, chunks);
        index.replaceDocument(KB.id, key.id, chunks.map((c) => ({ ...c, vector: Float32Array.from(testEmbeddingOf(`${c.heading}\n${c.content}`)) })));
      }
      return E.right(undefined);
    });
    const queries = inMemoryStoreQueries(uow);
    const model = new OpenAiCompatibleEmbeddingModel({ baseUrl: fake.baseUrl, apiKey: null, model: 'test-embedding', timeoutMs: 5000 });
    return new HybridKnowledgeSearch({ fullText: queries.knowledge, passages: queries.knowledgePassages, index, model, logger: silentLogger() });
  };
  const query = (text: string) => ({ projectId: KB.projectId, knowledgeBaseIds: [KB.id], text, limit: 5 });

  it('ranks a passage both sides find first, scored by reciprocal-rank fusion', async () => {
    const sut = await aSearch();

    const found = await sut.search(query('refunds to the card'));

    expect(found[0]).toMatchObject({ documentId: 'kdoc_0', heading: 'Refunds', documentTitle: 'Page 0', content: expect.stringContaining('original card') });
    expect(found[0]!.score).toBeCloseTo(2 / (RRF_K + 1), 5);
  });

  it('answers by full text alone, its own scores kept, when the model cannot embed the query', async () => {
    const sut = await aSearch();

    fake.failing = true;
    const withoutModel = await sut.search(query('refunds'));
    fake.failing = false;

    expect(withoutModel.map((p) => p.documentId)).toEqual(['kdoc_0']);
    expect(withoutModel[0]!.score).toBeGreaterThan(2 / (RRF_K + 1));
  });

  it("never answers another project's passages", async () => {
    const sut = await aSearch();

    expect(await sut.search({ ...query('refunds card'), projectId: 'proj_other' })).toEqual([]);
  });
});

describe(OpenAiCompatibleEmbeddingModel.name, () => {
  it('says why when the server fails or cannot be reached, never throwing', async () => {
    const fake = await aFakeEmbeddingsServer();
    fake.failing = true;
    const failing = await new OpenAiCompatibleEmbeddingModel({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'm', timeoutMs: 2000 }).embed(['x']);
    await fake.close();
    const gone = await new OpenAiCompatibleEmbeddingModel({ baseUrl: fake.baseUrl, apiKey: null, model: 'm', timeoutMs: 2000 }).embed(['x']);

    expect(failing).toEqual({ ok: false, reason: expect.stringContaining('HTTP 503') });
    expect(gone).toEqual({ ok: false, reason: expect.stringContaining(fake.baseUrl) });
  });
});
