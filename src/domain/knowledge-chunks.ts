/** A passage as the chunker cuts it, before it is tied to a document. */
export interface ChunkText {
  readonly position: number;
  readonly heading: string | null;
  readonly content: string;
}

export interface ChunkBounds {
  /** Characters of a passage's own text at most (longer paragraphs are cut between sentences, else words). */
  readonly maxChars: number;
  /** Characters of the previous passage of the same section a passage starts with. */
  readonly overlapChars: number;
}

interface Section {
  readonly heading: string | null;
  readonly paragraphs: string[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/** The text's sections: each heading starts one, under the headings above it. */
const sectionsOf = (text: string): Section[] => {
  const sections: Section[] = [];
  const path: string[] = [];
  let current: Section = { heading: null, paragraphs: [] };
  let lines: string[] = [];
  const endParagraph = () => {
    const paragraph = lines.join(' ').replace(/\s+/g, ' ').trim();
    if (paragraph !== '') current.paragraphs.push(paragraph);
    lines = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      if (current.paragraphs.length > 0) sections.push(current);
      path.splice(heading[1]!.length - 1);
      path[heading[1]!.length - 1] = heading[2]!;
      current = { heading: path.filter((h) => h !== undefined && h !== '').join(' › ') || null, paragraphs: [] };
    } else if (line.trim() === '') endParagraph();
    else lines.push(line);
  }
  endParagraph();
  if (current.paragraphs.length > 0) sections.push(current);
  return sections;
};

/** `text` cut into pieces of at most `max` characters: between sentences where it can, else between words. */
const piecesOf = (text: string, max: number): string[] => {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let piece = '';
  const units = text.split(/(?<=[.!?])\s+/).flatMap((sentence) => (sentence.length <= max ? [sentence] : sentence.split(' ')));
  for (const unit of units) {
    const word = unit.length <= max ? unit : unit.slice(0, max);
    if (piece === '') piece = word;
    else if (piece.length + 1 + word.length <= max) piece += ` ${word}`;
    else {
      pieces.push(piece);
      piece = word;
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
};

/** The last `chars` characters of `text`, from a word's start. */
const tailOf = (text: string, chars: number): string => {
  if (chars <= 0) return '';
  if (text.length <= chars) return text;
  const cut = text.slice(text.length - chars);
  const space = cut.indexOf(' ');
  return space < 0 ? cut : cut.slice(space + 1);
};

/**
 * Cuts a document's text into passages to index: by its Markdown headings (`#` … `######`,
 * which HTML's headings become), then by paragraphs packed up to `maxChars`; a passage after
 * the first of its section starts with the end of the one before (`overlapChars`), so a sentence
 * on the edge between two is found whole in one of them.
 */
export const chunkDocument = (text: string, bounds: ChunkBounds): ChunkText[] => {
  const chunks: ChunkText[] = [];
  for (const section of sectionsOf(text)) {
    const pieces = section.paragraphs.flatMap((p) => piecesOf(p, bounds.maxChars));
    let body = '';
    let previous = '';
    const flush = () => {
      if (body === '') return;
      const overlap = tailOf(previous, bounds.overlapChars);
      chunks.push({ position: chunks.length, heading: section.heading, content: overlap === '' ? body : `${overlap} … ${body}` });
      previous = body;
      body = '';
    };
    for (const piece of pieces) {
      if (body !== '' && body.length + 2 + piece.length > bounds.maxChars) flush();
      body = body === '' ? piece : `${body}\n\n${piece}`;
    }
    flush();
  }
  return chunks;
};

/** A document's passages under the store's bounds, tied to it. */
export const passagesOf = (
  document: { readonly id: string; readonly projectId: string; readonly knowledgeBaseId: string },
  text: string,
  bounds: ChunkBounds,
): { documentId: string; knowledgeBaseId: string; projectId: string; position: number; heading: string | null; content: string }[] =>
  chunkDocument(text, bounds).map((chunk) => ({ documentId: document.id, knowledgeBaseId: document.knowledgeBaseId, projectId: document.projectId, ...chunk }));

/** The text a passage's vector is made from: its headings, then its words, so a section's subject weighs in. */
export const embeddedTextOf = (chunk: { readonly heading: string | null; readonly content: string }): string =>
  chunk.heading === null ? chunk.content : `${chunk.heading}\n${chunk.content}`;
