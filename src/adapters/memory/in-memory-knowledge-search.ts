import * as E from 'fp-ts/lib/Either.js';
import type { KnowledgePassageLookup, KnowledgeQuery, KnowledgeSearch } from '../../application/queries/knowledge-search.js';
import type { PassageKey } from '../../application/ports/vector-index.js';
import type { KnowledgeChunk, KnowledgePassage } from '../../domain/knowledge-base.js';
import { NEAR_MISS_SIMILARITY, readQuery } from '../../domain/knowledge-query.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** Words no search is about, as PostgreSQL's English configuration drops them. */
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our so that the their them then there these they this to was we what when where which who why will with you your'.split(' '),
);

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A rough English stem: enough that `refunds`, `refunded` and `refunding` meet `refund`, as the Snowball stemmer has them. */
const stem = (word: string): string => {
  for (const suffix of ['ing', 'ed', 'es', 's', 'ly']) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
};

const lexemesOf = (text: string): string[] => wordsOf(text).filter((w) => !STOP_WORDS.has(w)).map(stem);

/** pg_trgm's trigrams of a word: padded with two spaces before and one after. */
const trigramsOf = (word: string): Set<string> => {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
};

/** Of the query's trigrams, the share the passage's nearest words hold (close to pg_trgm's `word_similarity`). */
const wordSimilarity = (query: readonly string[], passage: readonly string[]): number => {
  const wanted = new Set(query.flatMap((w) => [...trigramsOf(w)]));
  if (wanted.size === 0) return 0;
  let best = 0;
  // The best run of passage words as long as the query: its trigrams against the query's.
  const span = Math.max(1, query.length);
  for (let i = 0; i < passage.length; i++) {
    const grams = new Set(passage.slice(i, i + span).flatMap((w) => [...trigramsOf(w)]));
    let common = 0;
    for (const g of wanted) if (grams.has(g)) common++;
    best = Math.max(best, common / wanted.size);
  }
  return best;
};

/** The store's passages searched in process: stems matched and counted, near misses by trigrams. */
export class InMemoryKnowledgeSearch implements KnowledgeSearch, KnowledgePassageLookup {
  constructor(private readonly store: InMemoryUnitOfWork) {}

  async passagesAt(projectId: string, keys: readonly PassageKey[]): Promise<readonly KnowledgePassage[]> {
    return this.store.readTables((t) =>
      keys.flatMap((key): KnowledgePassage[] => {
        const document = t.knowledgeDocuments.get(key.documentId);
        const chunk = t.knowledgeChunks.get(key.documentId)?.find((c) => c.position === key.position);
        return document?.projectId === projectId && chunk ? [{ ...passageOf(chunk), documentTitle: document.title, score: 0 }] : [];
      }),
    );
  }

  async search(query: KnowledgeQuery): Promise<readonly KnowledgePassage[]> {
    return this.store.readTables(() => this.find(query));
  }

  private find(query: KnowledgeQuery): KnowledgePassage[] {
    const { words, excluded } = readQuery(query.text);
    const wanted = [...new Set(lexemesOf(words.join(' ')))];
    const unwanted = new Set(lexemesOf(excluded.join(' ')));
    const plain = wordsOf(words.join(' '));
    const t = this.store.tables;
    const bases = new Set(query.knowledgeBaseIds);
    const found: KnowledgePassage[] = [];
    for (const document of t.knowledgeDocuments.values()) {
      if (document.projectId !== query.projectId || !bases.has(document.knowledgeBaseId)) continue;
      for (const chunk of t.knowledgeChunks.get(document.id) ?? []) {
        const score = this.scoreOf(chunk, wanted, unwanted, plain);
        if (score > 0) found.push({ ...passageOf(chunk), documentTitle: document.title, score });
      }
    }
    return found.sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId) || a.position - b.position).slice(0, query.limit);
  }

  private scoreOf(chunk: KnowledgeChunk, wanted: readonly string[], unwanted: ReadonlySet<string>, plain: readonly string[]): number {
    const text = `${chunk.heading ?? ''} ${chunk.content}`;
    const lexemes = lexemesOf(text);
    if (lexemes.some((l) => unwanted.has(l))) return 0;
    const matched = wanted.filter((w) => lexemes.includes(w));
    const occurrences = lexemes.filter((l) => wanted.includes(l)).length;
    const textRank = wanted.length === 0 ? 0 : (matched.length / wanted.length) * (matched.length === wanted.length ? 2 : 1) + occurrences / (occurrences + 10);
    const similarity = wordSimilarity(plain, wordsOf(text));
    if (matched.length === 0 && similarity < NEAR_MISS_SIMILARITY) return 0;
    return textRank + similarity;
  }
}

const passageOf = (chunk: KnowledgeChunk): Omit<KnowledgePassage, 'documentTitle' | 'score'> => ({
  knowledgeBaseId: chunk.knowledgeBaseId,
  documentId: chunk.documentId,
  position: chunk.position,
  heading: chunk.heading,
  content: chunk.content,
});
