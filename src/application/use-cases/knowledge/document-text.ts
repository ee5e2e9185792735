import * as E from 'fp-ts/lib/Either.js';
import { KNOWLEDGE_LIMITS, type DocumentFormat } from '../../../domain/knowledge-base.js';
import { tooLarge, validation, type TooLarge, type Validation } from '../../errors.js';
import type { HtmlToText, PageFetcher } from '../../ports/document-sources.js';
import type { TargetPolicy } from '../../ports/target-policy.js';

/** What a document is made from: its text in a format, or a URL to fetch. */
export type DocumentSource =
  | { readonly format: Exclude<DocumentFormat, 'url'>; readonly content: string }
  | { readonly format: 'url'; readonly url: string };

export interface DocumentText {
  readonly format: DocumentFormat;
  readonly text: string;
  readonly sourceUrl: string | null;
}

/** How a document's source becomes text: HTML reduced, URLs fetched through the guarded client. */
export interface DocumentReading {
  readonly html: HtmlToText;
  readonly fetcher: PageFetcher;
  readonly targets: TargetPolicy;
}

const isHtml = (mediaType: string): boolean => /html|xml/i.test(mediaType);
const isText = (mediaType: string): boolean => /^text\/|markdown|json/i.test(mediaType) || mediaType === '';

const bounded = (text: string): E.Either<TooLarge, string> =>
  text.length > KNOWLEDGE_LIMITS.documentChars
    ? E.left(tooLarge(`The document's text is ${text.length} characters; a document may have at most ${KNOWLEDGE_LIMITS.documentChars}. Split it into several documents.`))
    : E.right(text);

/** The text a document indexes, or why there is none: too much of it (413), a URL that cannot be fetched (422 on `url`). */
export const readDocument = async (source: DocumentSource, reading: DocumentReading): Promise<E.Either<TooLarge | Validation, DocumentText>> => {
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
  if (!isHtml(page.mediaType) && !isText(page.mediaType)) return E.left(validation('url', `answered ${page.mediaType}, which is not text or HTML`));
  const text = isHtml(page.mediaType) ? reading.html.textOf(page.body) : page.body;
  if (text.trim() === '') return E.left(validation('url', 'answered a page with no text to index'));
  return E.map((t: string): DocumentText => ({ format: 'url', text: t, sourceUrl: url.toString() }))(bounded(text));
};
