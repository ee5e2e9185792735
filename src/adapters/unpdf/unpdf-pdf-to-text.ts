import { extractText, getDocumentProxy } from 'unpdf';
import type { PdfToText } from '../../application/ports/document-sources.js';

/**
 * A PDF's text with unpdf (PDF.js built for servers): the pages' text items in reading order,
 * pages apart as paragraphs. A scanned PDF has no text items, so its text is empty.
 */
export class UnpdfPdfToText implements PdfToText {
  async textOf(bytes: Uint8Array): Promise<string | null> {
    try {
      // PDF.js takes the buffer over; a copy keeps the caller's bytes whole.
      const pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
      try {
        const { text } = await extractText(pdf, { mergePages: false });
        return text.map((page) => page.trim()).filter((page) => page !== '').join('\n\n');
      } finally {
        await pdf.cleanup();
      }
    } catch {
      return null;
    }
  }
}
