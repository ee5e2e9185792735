/** Words whose trailing period does not end a sentence. */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'ft', 'vs', 'e.g', 'i.e', 'a.m', 'p.m', 'approx', 'dept', 'est', 'inc', 'ltd', 'co']);

/** `.`, `!` or `?` (possibly several), closing quotes or brackets, then white space. */
const BOUNDARY = /[.!?]+["'”’)\]]*(?=\s)/g;
const WORD_BEFORE = /([\p{L}][\p{L}.]*)$/u;

const isAbbreviation = (before: string, punctuation: string): boolean => {
  if (punctuation !== '.') return false;
  const word = WORD_BEFORE.exec(before)?.[1];
  if (!word) return false;
  // An initial ("J. Smith") or a known abbreviation ("Mr. Smith", "e.g. this").
  return (word.length === 1 && word === word.toUpperCase()) || ABBREVIATIONS.has(word.toLowerCase());
};

/**
 * Cuts a streamed answer into sentences as they complete, so speech can start on the first
 * one. A sentence ends at `.`, `!` or `?` followed by white space; a period after "Mr" or an
 * initial does not end one, and a decimal point ("3.5") is never followed by white space.
 * The end of a buffer is not a boundary yet: the next piece may continue it.
 */
export class SentenceChunker {
  private buffer = '';

  /** Adds the next piece; returns the sentences it completed, trimmed. */
  push(delta: string): string[] {
    this.buffer += delta;
    const sentences: string[] = [];
    let start = 0;
    for (const match of this.buffer.matchAll(BOUNDARY)) {
      const end = match.index + match[0].length;
      if (isAbbreviation(this.buffer.slice(start, match.index), match[0])) continue;
      const sentence = this.buffer.slice(start, end).trim();
      if (sentence !== '') sentences.push(sentence);
      start = end;
    }
    this.buffer = this.buffer.slice(start);
    return sentences;
  }

  /** Whatever is left at the end of the answer, trimmed; null when nothing is. */
  flush(): string | null {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest === '' ? null : rest;
  }
}
