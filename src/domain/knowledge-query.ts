/** A search's words as a person types them, taken apart the way web search engines read them. */
export interface ReadQuery {
  /** Every word of the query but those excluded, quotes and `or` dropped: what a passage may match any of. */
  readonly words: readonly string[];
  /** Words after a `-`: a passage that has one is not an answer. */
  readonly excluded: readonly string[];
}

/** Reads `"quoted phrases"`, `-excluded` words and `or` as `websearch_to_tsquery` does, into plain words. */
export const readQuery = (text: string): ReadQuery => {
  const words: string[] = [];
  const excluded: string[] = [];
  for (const token of text.replace(/["“”]/g, ' ').split(/\s+/)) {
    if (token === '' || token.toLowerCase() === 'or') continue;
    if (token.startsWith('-') && token.length > 1) excluded.push(token.slice(1));
    else words.push(token);
  }
  return { words, excluded };
};

/**
 * How near a passage must come to the query's words, by their trigrams (pg_trgm's
 * `word_similarity`), to be found though no word matches exactly: a word or two spelt wrong.
 */
export const NEAR_MISS_SIMILARITY = 0.4;
