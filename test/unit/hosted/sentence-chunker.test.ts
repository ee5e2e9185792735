import { describe, expect, it } from 'vitest';
import { SentenceChunker } from '../../../src/application/services/sentence-chunker.js';

const chunked = (...pieces: string[]) => {
  const sut = new SentenceChunker();
  const out = pieces.map((piece) => sut.push(piece));
  return { out, rest: sut.flush() };
};

describe(SentenceChunker.name, () => {
  it('hands over each sentence once the white space after its end has arrived', () => {
    const { out, rest } = chunked('Thanks for', ' calling.', ' How can', ' I help? Sure', '!');

    expect(out).toEqual([[], [], ['Thanks for calling.'], ['How can I help?'], []]);
    expect(rest).toBe('Sure!');
  });

  it('splits on every sentence end within one piece, with closing quotes kept', () => {
    const { out } = chunked('One. Two! "Three?" Four');

    expect(out).toEqual([['One.', 'Two!', '"Three?"']]);
  });

  it('does not split after abbreviations, initials or inside decimals', () => {
    const { out, rest } = chunked('Mr. Smith and Dr. J. Watson pay 3.5 dollars, e.g. today. Done');

    expect(out).toEqual([['Mr. Smith and Dr. J. Watson pay 3.5 dollars, e.g. today.']]);
    expect(rest).toBe('Done');
  });

  it('waits at a period at the end of a piece: the next one may make it a decimal', () => {
    const { out, rest } = chunked('It costs 3.', '50 a month');

    expect(out).toEqual([[], []]);
    expect(rest).toBe('It costs 3.50 a month');
  });

  it('has nothing left after a flush, and flushes nothing for white space', () => {
    const sut = new SentenceChunker();
    sut.push('Hello.  \n');

    expect(sut.flush()).toBeNull();
  });
});
