/** A page fetched for a `url` document. */
export type FetchedPage =
  | { readonly ok: true; readonly mediaType: string; readonly body: string; readonly bytes: Uint8Array; readonly truncated: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * Fetches a customer's URL for a knowledge base, through the same SSRF-guarded client as
 * webhooks and tools, reading at most `maxBytes`. Never throws: a refusal or failure is `ok: false`.
 */
export interface PageFetcher {
  fetch(url: string, maxBytes: number): Promise<FetchedPage>;
}

/** Reduces an HTML document to its text, headings as Markdown `#` lines and paragraphs apart. */
export interface HtmlToText {
  textOf(html: string): string;
}

/** The text of a PDF's pages, in reading order; null when the bytes are not a PDF that can be read. */
export interface PdfToText {
  textOf(bytes: Uint8Array): Promise<string | null>;
}
