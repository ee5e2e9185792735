import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/domain/knowledge-chunks.js';
import { readQuery } from '../../../src/domain/knowledge-query.js';

const BOUNDS = { maxChars: 120, overlapChars: 30 };

describe(chunkDocument.name, () => {
  it('cuts by headings, each passage under the path of headings above it', () => {
    const text = 'Intro words.\n\n# Billing\n\n## Refunds\n\nRefunds take five days.\n\n## Invoices\n\nInvoices are e-mailed.\n\n# Shipping\n\nWe ship daily.';

    expect(chunkDocument(text, BOUNDS)).toEqual([
      { position: 0, heading: null, content: 'Intro words.' },
      { position: 1, heading: 'Billing › Refunds', content: 'Refunds take five days.' },
      { position: 2, heading: 'Billing › Invoices', content: 'Invoices are e-mailed.' },
      { position: 3, heading: 'Shipping', content: 'We ship daily.' },
    ]);
  });

  it('packs paragraphs up to the bound and starts the next passage of a section with the end of the one before', () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Paragraph ${i} says something worth reading here.`);

    const chunks = chunkDocument(`# Guide\n\n${paragraphs.join('\n\n')}`, BOUNDS);

    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]!.content).toBe(`${paragraphs[0]}\n\n${paragraphs[1]}`);
    const [overlap, body] = chunks[1]!.content.split(' … ');
    expect(chunks[0]!.content.endsWith(overlap!)).toBe(true);
    expect(overlap!.length).toBeLessThanOrEqual(BOUNDS.overlapChars);
    expect(body!.startsWith(paragraphs[2]!)).toBe(true);
    for (const chunk of chunks) expect(chunk.content.split(' … ').at(-1)!.length).toBeLessThanOrEqual(BOUNDS.maxChars);
    expect(chunks.map((c) => c.heading)).toEqual(chunks.map(() => 'Guide'));
  });

  it('cuts a paragraph longer than the bound between sentences, else between words', () => {
    const sentence = 'This sentence is of a fair length for the test.';
    const long = Array.from({ length: 6 }, () => sentence).join(' ');
    const word = 'x'.repeat(300);

    const bySentence = chunkDocument(long, { maxChars: 100, overlapChars: 0 });
    const byWord = chunkDocument(word, { maxChars: 100, overlapChars: 0 });

    expect(bySentence.every((c) => c.content.endsWith('test.') && c.content.length <= 100)).toBe(true);
    expect(bySentence.map((c) => c.content).join(' ')).toBe(long);
    expect(byWord).toHaveLength(1);
    expect(byWord[0]!.content).toHaveLength(100);
  });

  it('answers no passage for a text of headings and blanks only', () => {
    expect(chunkDocument('# Title\n\n\n## Empty\n', BOUNDS)).toEqual([]);
  });
});

describe(readQuery.name, () => {
  it('reads quotes, exclusions and or as web search does', () => {
    expect(readQuery('"refund policy" or returns -shipping')).toEqual({ words: ['refund', 'policy', 'returns'], excluded: ['shipping'] });
  });
});
