/** A project's collection of documents a hosted agent may search while it talks. */
export interface KnowledgeBase {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly description: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** How a document was given: its text as is, Markdown, HTML (reduced to text), a PDF (its text read), or a URL fetched. */
export type DocumentFormat = 'text' | 'markdown' | 'html' | 'pdf' | 'url';
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['text', 'markdown', 'html', 'pdf', 'url'];

/** One document of a knowledge base: its text, as searched, kept to be read and re-indexed. */
export interface KnowledgeDocument {
  readonly id: string;
  readonly projectId: string;
  readonly knowledgeBaseId: string;
  readonly title: string;
  readonly format: DocumentFormat;
  /** Where a `url` document was fetched from. */
  readonly sourceUrl: string | null;
  /** The document's text (HTML and fetched pages reduced to text, headings kept as Markdown's `#`). */
  readonly content: string;
  readonly chunkCount: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A passage of a document, as indexed: a section's paragraphs up to a size, overlapping the one before. */
export interface KnowledgeChunk {
  readonly documentId: string;
  readonly knowledgeBaseId: string;
  readonly projectId: string;
  /** 0, 1, … in the document's order. */
  readonly position: number;
  /** The headings the passage sits under, joined with ` › `; null before any heading. */
  readonly heading: string | null;
  readonly content: string;
}

/** A passage a search found, best first. */
export interface KnowledgePassage {
  readonly knowledgeBaseId: string;
  readonly documentId: string;
  readonly documentTitle: string;
  readonly position: number;
  readonly heading: string | null;
  readonly content: string;
  /** Higher is better; comparable within one answer only. */
  readonly score: number;
}

/**
 * The bounds of the store: a knowledge base's documents are chunked and indexed in one unit of
 * work each, and searched on every turn of a call, so none may grow without limit.
 */
export const KNOWLEDGE_LIMITS = {
  knowledgeBasesPerProject: 50,
  documentsPerKnowledgeBase: 500,
  /** Characters of a document's text, after HTML is reduced. */
  documentChars: 200_000,
  /** Bytes of a fetched page read at most. */
  fetchedBytes: 2 * 1024 * 1024,
  /** Characters of one passage at most (whole words; an overlap comes on top). */
  chunkChars: 1_200,
  /** Characters of the previous passage a passage starts with, when both are of one section. */
  overlapChars: 200,
  /** Passages a search answers at most. */
  searchResults: 20,
} as const;

/** A knowledge base's name: what an operator and the model read. */
export const knowledgeBaseName = (name: string): string | null => {
  const trimmed = name.trim();
  return trimmed === '' ? null : trimmed;
};

/** The title of a document given none: its first heading, else its URL, else its first words. */
export const titleOf = (content: string, sourceUrl: string | null): string => {
  const heading = /^#{1,6}\s+(.+)$/m.exec(content)?.[1]?.trim();
  if (heading) return heading.slice(0, 200);
  if (sourceUrl) return sourceUrl.slice(0, 200);
  const words = content.trim().split(/\s+/).slice(0, 8).join(' ');
  return words === '' ? 'Untitled' : words.slice(0, 200);
};
