/**
 * `npm run bench:knowledge`: knowledge-base search on PGlite and on PostgreSQL (DATABASE_URL; a
 * scratch database is made and dropped; without it PostgreSQL is skipped). One knowledge base of
 * BENCH_CHUNKS passages (500 documents, the most a base may have) written from a fixed
 * vocabulary, then BENCH_QUERIES queries of two to four of its words, one after another: full
 * text (the store's statement) and hybrid (that statement, the usearch index's nearest passages
 * to a precomputed query vector, their lookup, and the fusion), each query's time taken apart.
 * Then the vector index's memory for BENCH_INDEX_VECTORS vectors of BENCH_DIMENSIONS dimensions:
 * the process's resident size before and after they are added, random unit vectors.
 * What it prints is recorded in bench/results/<date>-knowledge.md when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { openDatabase, type Database } from '../src/adapters/mikro-orm/database.js';
import { silentLogger } from '../src/adapters/pino/pino-logger.js';
import { UsearchVectorIndex } from '../src/adapters/usearch/usearch-vector-index.js';
import { HybridKnowledgeSearch } from '../src/application/knowledge/hybrid-knowledge-search.js';
import type { KnowledgeBase, KnowledgeChunk, KnowledgeDocument } from '../src/domain/knowledge-base.js';
import { queriesOf } from '../src/bootstrap/composition/store-queries.js';
import { createScratchDatabase } from '../test/support/scratch-database.js';
import { fmt, percentile, runBench } from './support/figures.js';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1_000);
const INDEX_VECTORS = Number(process.env.BENCH_INDEX_VECTORS ?? 100_000);
const DIMENSIONS = Number(process.env.BENCH_DIMENSIONS ?? 768);
const DOCUMENTS = 500;
const WORDS_PER_CHUNK = 45;

/** A seeded generator (mulberry32), so every run searches the same text with the same queries. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const random = seeded(54);
const SYLLABLES = ['ka', 're', 'lo', 'mi', 'tan', 'sor', 'vel', 'pra', 'dun', 'ess', 'qui', 'bor', 'ful', 'nix', 'ter', 'ash'];
const VOCABULARY = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
/** Words drawn as text has them: a few often, most rarely. */
const aWord = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2.5)]!;
const aUnitVector = (into: Float32Array): Float32Array => {
  let norm = 0;
  for (let i = 0; i < into.length; i++) {
    into[i] = random() * 2 - 1;
    norm += into[i]! * into[i]!;
  }
  for (let i = 0; i < into.length; i++) into[i]! /= Math.sqrt(norm);
  return into;
};

const KB: KnowledgeBase = { id: 'kb_bench', projectId: 'proj_bench', name: 'Bench', description: null, createdAt: new Date(0), updatedAt: new Date(0) };

const seed = async (database: Database): Promise<void> => {
  const perDocument = Math.ceil(CHUNKS / DOCUMENTS);
  await database.uow.transaction(async (tx) => {
    await tx.knowledgeBases.save(KB);
    for (let d = 0; d < DOCUMENTS; d++) {
      const document: KnowledgeDocument = {
        id: `kdoc_bench${d}`, projectId: KB.projectId, knowledgeBaseId: KB.id, title: `Page ${d}`, format: 'text', sourceUrl: null,
        content: '', chunkCount: perDocument, createdAt: new Date(d), updatedAt: new Date(d),
      };
      const chunks: KnowledgeChunk[] = Array.from({ length: Math.min(perDocument, CHUNKS - d * perDocument) }, (_, position) => ({
        documentId: document.id, knowledgeBaseId: KB.id, projectId: KB.projectId, position, heading: `${aWord()} ${aWord()}`,
        content: Array.from({ length: WORDS_PER_CHUNK }, aWord).join(' '),
      }));
      await tx.knowledgeDocuments.save(document, chunks);
    }
    return E.right(undefined);
  });
};

const timed = async (queries: readonly string[], search: (text: string, i: number) => Promise<unknown>): Promise<number[]> => {
  const times: number[] = [];
  for (const [i, text] of queries.entries()) {
    const started = performance.now();
    await search(text, i);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
};

const report = (label: string, times: readonly number[]) =>
  console.log(`  ${label.padEnd(10)} p50 ${fmt(percentile(times, 50))}   p99 ${fmt(percentile(times, 99))}   (${times.length} queries)`);

const searchOn = async (label: string, database: Database): Promise<void> => {
  const started = performance.now();
  await seed(database);
  console.log(`\n${label}: ${CHUNKS} passages in ${DOCUMENTS} documents of one knowledge base, written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const store = queriesOf(database.uow);
  const index = new UsearchVectorIndex();
  const vector = new Float32Array(DIMENSIONS);
  const perDocument = Math.ceil(CHUNKS / DOCUMENTS);
  for (let d = 0; d < DOCUMENTS; d++) {
    const count = Math.min(perDocument, CHUNKS - d * perDocument);
    index.replaceDocument(KB.id, `kdoc_bench${d}`, Array.from({ length: count }, (_, position) => ({ knowledgeBaseId: KB.id, documentId: `kdoc_bench${d}`, position, vector: aUnitVector(vector).slice() })));
  }
  const hybrid = new HybridKnowledgeSearch({
    fullText: store.knowledge, passages: store.knowledgePassages, index,
    model: { name: 'precomputed', embed: async () => ({ ok: false, reason: 'the bench gives query vectors' }) }, logger: silentLogger(),
  });
  const texts = Array.from({ length: QUERIES }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, aWord).join(' '));
  const queryVectors = texts.map(() => aUnitVector(new Float32Array(DIMENSIONS)));
  const query = (text: string) => ({ projectId: KB.projectId, knowledgeBaseIds: [KB.id], text, limit: 5 });
  // A first pass warms the statements' plans and the index's pages; the second is the one measured.
  await timed(texts.slice(0, 50), (text) => store.knowledge.search(query(text)));
  report('full text', await timed(texts, (text) => store.knowledge.search(query(text))));
  report('hybrid', await timed(texts, (text, i) => hybrid.searchWithVector(query(text), queryVectors[i]!)));
};

const indexMemory = async (): Promise<void> => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().rss;
  const index = new UsearchVectorIndex();
  const vector = new Float32Array(DIMENSIONS);
  const started = performance.now();
  const perDocument = 20;
  for (let d = 0; d * perDocument < INDEX_VECTORS; d++) {
    const count = Math.min(perDocument, INDEX_VECTORS - d * perDocument);
    // The same buffer each time: usearch copies what it is given, so only its own memory grows.
    index.replaceDocument(`kb_${d % 50}`, `kdoc_${d}`, Array.from({ length: count }, (_, position) => ({ knowledgeBaseId: `kb_${d % 50}`, documentId: `kdoc_${d}`, position, vector: aUnitVector(vector) })));
  }
  gc?.();
  const grown = process.memoryUsage().rss - before;
  const raw = INDEX_VECTORS * DIMENSIONS * 4;
  console.log(`\nvector index: ${index.size()} vectors of ${DIMENSIONS} dimensions (in 50 knowledge bases) added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  resident memory grew by ${(grown / 2 ** 20).toFixed(0)} MiB; the vectors alone as f32 are ${(raw / 2 ** 20).toFixed(0)} MiB`);
};

runBench('knowledge', async () => {
  console.log(`knowledge search: ${CHUNKS} passages, ${QUERIES} queries, query vectors of ${DIMENSIONS} dimensions`);
  const dir = await mkdtemp(join(tmpdir(), 'sb-bench-knowledge-'));
  const pglite = await openDatabase({ dataDir: dir });
  try {
    await searchOn('PGlite', pglite);
  } finally {
    await pglite.close();
    await rm(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const scratch = await createScratchDatabase(url, 'sb_bench_knowledge');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    try {
      await searchOn('PostgreSQL', database);
    } finally {
      await database.close();
      await scratch.drop();
    }
  } else console.log('\nPostgreSQL: skipped (set DATABASE_URL to a server; a scratch database is made on it)');
  await indexMemory();
});
