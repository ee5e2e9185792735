import * as E from 'fp-ts/lib/Either.js';
import { KNOWLEDGE_LIMITS, type DocumentFormat } from '../../../domain/knowledge-base.js';
import { tooLarge, validation, type TooLarge, type Validation } from '../../errors.js';
import type { HtmlToText, PageFetcher, PdfToText } from '../../ports/document-sources.js';
import type { TargetPolicy } from '../../ports/target-policy.js';

/** What a document is made from: its text in a format (a PDF's bytes in base64), or a URL to fetch. */
export type DocumentSource =
  | { readonly format: Exclude<DocumentFormat, 'url'>; readonly content: string }
  | { readonly format: 'url'; readonly url: string };

export interface DocumentText {
  readonly format: DocumentFormat;
  readonly text: string;
  readonly sourceUrl: string | null;
}

/** How a document's source becomes text: HTML reduced, PDFs read, URLs fetched through the guarded client. */
export interface DocumentReading {
  readonly html: HtmlToText;
  readonly pdf: PdfToText;
  readonly fetcher: PageFetcher;
  readonly targets: TargetPolicy;
}

const isHtml = (mediaType: string): boolean => /html|xml/i.test(mediaType);
const isPdf = (mediaType: string): boolean => mediaType === 'application/pdf';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A PDF's bytes from its base64 text (line breaks allowed, as encoders wrap it); null when it is not base64. */
const bytesOfBase64 = (content: string): Uint8Array | null => {
  const packed = content.replace(/\s+/g, '');
  if (packed === '' || packed.length % 4 !== 0 || !BASE64.test(packed)) return null;
  return Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
};

const pdfText = async (pdf: PdfToText, bytes: Uint8Array, field: 'content' | 'url'): Promise<E.Either<Validation, string>> => {
  const text = await pdf.textOf(bytes);
  if (text === null) return E.left(validation(field, 'is not a PDF that can be read'));
  if (text.trim() === '') return E.left(validation(field, 'is a PDF with no text to index (a scan needs text recognition first)'));
  return E.right(text);
};
const isText = (mediaType: string): boolean => /^text\/|markdown|json/i.test(mediaType) || mediaType === '';

const bounded = (text: string): E.Either<TooLarge, string> =>
  text.length > KNOWLEDGE_LIMITS.documentChars
    ? E.left(tooLarge(`The document's text is ${text.length} characters; a document may have at most ${KNOWLEDGE_LIMITS.documentChars}. Split it into several documents.`))
    : E.right(text);

/** The text a document indexes, or why there is none: too much of it (413), a URL that cannot be fetched (422 on `url`). */
export const readDocument = async (source: DocumentSource, reading: DocumentReading): Promise<E.Either<TooLarge | Validation, DocumentText>> => {
  if (source.format === 'pdf') {
    const bytes = bytesOfBase64(source.content);
    if (bytes === null) return E.left(validation('content', 'must be the PDF file in base64'));
    const text = await pdfText(reading.pdf, bytes, 'content');
    return E.isLeft(text) ? text : E.map((t: string): DocumentText => ({ format: 'pdf', text: t, sourceUrl: null }))(bounded(text.right));
  }
  if (source.format !== 'url') {
    const text = source.format === 'html' ? reading.html.textOf(source.content) : source.content;
    if (text.trim() === '') return E.left(validation('content', 'has no text to index'));
    return E.map((t: string): DocumentText => ({ format: source.format, text: t, sourceUrl: null }))(bounded(text));
  }
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return E.left(validation('url', 'is not a valid URL'));
  }
  const refusal = reading.targets.refusalOf(url.hostname);
  if (refusal !== null) return E.left(validation('url', `is not allowed: ${refusal}`));
  const page = await reading.fetcher.fetch(url.toString(), KNOWLEDGE_LIMITS.fetchedBytes);
  if (!page.ok) return E.left(validation('url', `could not be fetched: ${page.reason}`));
  if (page.truncated) return E.left(tooLarge(`The page at url is larger than ${KNOWLEDGE_LIMITS.fetchedBytes} bytes; a knowledge base reads at most that much of one.`));
  if (isPdf(page.mediaType)) {
    const text = await pdfText(reading.pdf, page.bytes, 'url');
    return E.isLeft(text) ? text : E.map((t: string): DocumentText => ({ format: 'url', text: t, sourceUrl: url.toString() }))(bounded(text.right));
  }
  if (!isHtml(page.mediaType) && !isText(page.mediaType)) return E.left(validation('url', `answered ${page.mediaType}, which is not text, HTML or PDF`));
  const text = isHtml(page.mediaType) ? reading.html.textOf(page.body) : page.body;
  if (text.trim() === '') return E.left(validation('url', 'answered a page with no text to index'));
  return E.map((t: string): DocumentText => ({ format: 'url', text: t, sourceUrl: url.toString() }))(bounded(text));
};
