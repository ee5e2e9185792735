import type { KnowledgePassageLookup, KnowledgeQuery, KnowledgeSearch } from '../../application/queries/knowledge-search.js';
import type { PassageKey } from '../../application/ports/vector-index.js';
import type { KnowledgePassage } from '../../domain/knowledge-base.js';
import { NEAR_MISS_SIMILARITY, readQuery } from '../../domain/knowledge-query.js';
import { readStatement, type ReadSession } from './read-session.js';
import type { SqlRow } from './sql-row.js';

type SearchParams = {
  readonly projectId: string;
  readonly ids: string;
  readonly text: string;
  readonly words: string;
  readonly excluded: string;
  readonly nearMiss: number;
  /** The same, as the text a setting takes. */
  readonly nearMissSetting: string;
  readonly limit: number;
  /** How many passages each side offers for ranking. */
  readonly pool: number;
  /** How many matches of the whole query, and of any of its words, are ranked at most. */
  readonly scan: number;
};

/** The lexemes of `text` as a tsquery any of which matches; null when it has none. */
const anyOf = (text: string): string =>
  `(select string_agg(quote_literal(l), ' | ') from unnest(tsvector_to_array(to_tsvector('english', ${text}))) l)::tsquery`;

/** The text a passage is compared with by trigrams; the trigram index is built on this same expression. */
const PASSAGE_TEXT = `(coalesce(c.heading, '') || ' ' || c.content)`;

/** Candidates each side offers per result asked for: enough that the final ranking, which adds the other side's measure, still finds the best. */
const POOL_PER_RESULT = 5;

/**
 * Matches ranked at most on each word side: common words match most passages of a large base,
 * and ranking every one of them was what made a search slow. Passages that match the whole
 * query are ranked apart, so they are never crowded out by those that share one common word.
 */
const MATCHES_RANKED = 400;

/** Measured only when some word of the query is held by no passage: trigrams are for misspellings, and cost a scan of each passage's text. */
const SIMILARITY = `(case when u.words <> '' then word_similarity(:words, ${PASSAGE_TEXT}) else 0 end)`;

const IN_BASES = `c.project_id = :projectId and c.knowledge_base_id in (select jsonb_array_elements_text(:ids::jsonb))`;

/**
 * The passages of the knowledge bases that match the query as web search reads it (every
 * word, `"phrases"`, `-excluded`), or any of its words, or come near its words by trigrams
 * (a word spelt wrong). Ranked by cover density over any of the words (headings weigh more),
 * doubled for a passage that matches the whole query, plus the trigram similarity.
 *
 * Only a pool of candidates is ranked, each side served by its index and limited first: the
 * matches of the whole query (the `tsvector` index), those of any of its words only when the
 * whole query matches too few, and, when nothing matches the whole query, for the query's words
 * no passage of the bases holds (the ones spelt wrong), the passages nearest them by trigrams
 * (`<%` on the trigram index). Measuring trigram similarity on every passage that shares a word with the
 * query was what made a search slow on a large base. `<%` takes its threshold from a setting,
 * made for this statement alone (local to its implicit transaction) in the row the trigram scan
 * is laterally joined to, so it is in place before that scan starts.
 */
const searchPassages = readStatement<SearchParams, KnowledgePassage>(
  'knowledge_search',
  `with q as materialized (
     select websearch_to_tsquery('english', :text) as strict, ${anyOf(':words')} as loose, ${anyOf(':excluded')} as unwanted),
   strict_matches as materialized (
     select c.document_id, c.position, c.search from knowledge_chunks c
     where ${IN_BASES} and c.search @@ (select strict from q)
     limit :scan),
   loose_matches as materialized (
     select c.document_id, c.position, c.search from knowledge_chunks c
     where (select count(*) from strict_matches) < :pool and ${IN_BASES} and c.search @@ (select loose from q)
     limit :scan),
   unheld as materialized (
     select coalesce(string_agg(w, ' '), '') as words from unnest(string_to_array(:words, ' ')) w
     where not exists (select 1 from strict_matches)
       and not exists (select 1 from knowledge_chunks c where ${IN_BASES} and c.search @@ plainto_tsquery('english', w))),
   candidates as (
     (select m.document_id, m.position from strict_matches m
      order by ts_rank_cd(m.search, (select loose from q)) desc
      limit :pool)
     union
     (select m.document_id, m.position from loose_matches m
      order by ts_rank_cd(m.search, (select loose from q)) desc
      limit :pool)
     union
     select near.document_id, near.position
     from (select set_config('pg_trgm.word_similarity_threshold', :nearMissSetting, true) as threshold, words from unheld where words <> '') s
     cross join lateral (
       select c.document_id, c.position from knowledge_chunks c
       where s.threshold is not null and s.words <% ${PASSAGE_TEXT} and ${IN_BASES}
       order by word_similarity(s.words, ${PASSAGE_TEXT}) desc
       limit :pool) near)
   select c.knowledge_base_id, c.document_id, d.title, c.position, c.heading, c.content,
     (coalesce(ts_rank_cd(c.search, q.loose), 0) * (case when c.search @@ q.strict then 2 else 1 end) + ${SIMILARITY})::float8 as score
   from candidates k
   join knowledge_chunks c on c.document_id = k.document_id and c.position = k.position
   cross join q
   cross join unheld u
   join knowledge_documents d on d.id = c.document_id
   where (q.unwanted is null or not c.search @@ q.unwanted)
     and (c.search @@ q.strict or c.search @@ q.loose or ${SIMILARITY} >= :nearMiss)
   order by score desc, c.document_id, c.position
   limit :limit`,
  'read',
  // float8 arrives as a number from pg and as text where a session reads every value as text.
  (r) => passageOf(r, Number(r.value('score'))),
);

type LookupParams = { readonly projectId: string; readonly keys: string };

/** Passages by (document, position), in the order of `keys` (a JSON array of `{d, p}`). */
const passagesAt = readStatement<LookupParams, KnowledgePassage>(
  'knowledge_passages_at',
  `select c.knowledge_base_id, c.document_id, d.title, c.position, c.heading, c.content
   from jsonb_array_elements(:keys::jsonb) with ordinality as k(key, n)
   join knowledge_chunks c on c.document_id = k.key->>'d' and c.position = (k.key->>'p')::integer
   join knowledge_documents d on d.id = c.document_id
   where c.project_id = :projectId
   order by k.n`,
  'read',
  (r) => passageOf(r, 0),
);

function passageOf(r: SqlRow, score: number): KnowledgePassage {
  return {
    knowledgeBaseId: r.text('knowledge_base_id'),
    documentId: r.text('document_id'),
    documentTitle: r.text('title'),
    position: r.integer('position'),
    heading: r.textOrNull('heading'),
    content: r.text('content'),
    score,
  };
}

/** Full-text search in PostgreSQL and PGlite: `tsvector`, `websearch_to_tsquery`, `ts_rank_cd` and pg_trgm. */
export class MikroOrmKnowledgeSearch implements KnowledgeSearch, KnowledgePassageLookup {
  constructor(private readonly reads: ReadSession) {}

  async passagesAt(projectId: string, keys: readonly PassageKey[]): Promise<readonly KnowledgePassage[]> {
    if (keys.length === 0) return [];
    return this.reads.run(passagesAt, { projectId, keys: JSON.stringify(keys.map((k) => ({ d: k.documentId, p: k.position }))) });
  }

  async search(query: KnowledgeQuery): Promise<readonly KnowledgePassage[]> {
    if (query.knowledgeBaseIds.length === 0 || query.text.trim() === '') return [];
    const { words, excluded } = readQuery(query.text);
    return this.reads.run(searchPassages, {
      projectId: query.projectId,
      ids: JSON.stringify(query.knowledgeBaseIds),
      text: query.text,
      words: words.join(' '),
      excluded: excluded.join(' '),
      nearMiss: NEAR_MISS_SIMILARITY,
      nearMissSetting: String(NEAR_MISS_SIMILARITY),
      limit: query.limit,
      pool: query.limit * POOL_PER_RESULT,
      scan: MATCHES_RANKED,
    });
  }
}
