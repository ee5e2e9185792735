import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseRankings, RRF_K } from '../../../src/domain/rank-fusion.js';

const id = (s: string) => s;
/** A ranking: distinct keys, best first. */
const aRanking = fc.uniqueArray(fc.constantFrom(...'abcdefghijklmnop'.split('')), { maxLength: 12 });

describe(fuseRankings.name, () => {
  it('scores an item by the sum of 1/(k + rank) over the rankings that hold it', () => {
    const sut = fuseRankings([['a', 'b', 'c'], ['c', 'a']], id);

    expect(sut.map((f) => f.item)).toEqual(['a', 'c', 'b']);
    expect(sut[0]!.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2));
    expect(sut[1]!.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1));
    expect(sut[2]!.score).toBeCloseTo(1 / (RRF_K + 2));
  });

  it('keeps every item of every ranking exactly once, best first', () => {
    fc.assert(
      fc.property(fc.array(aRanking, { maxLength: 4 }), (rankings) => {
        const sut = fuseRankings(rankings, id);
        expect(sut.map((f) => f.item).sort()).toEqual([...new Set(rankings.flat())].sort());
        for (let i = 1; i < sut.length; i++) expect(sut[i - 1]!.score).toBeGreaterThanOrEqual(sut[i]!.score);
      }),
    );
  });

  it('is one ranking unchanged when it is the only one', () => {
    fc.assert(
      fc.property(aRanking, (ranking) => {
        expect(fuseRankings([ranking], id).map((f) => f.item)).toEqual(ranking);
      }),
    );
  });

  it('puts an item at the top of every ranking first, and answers the same whatever the order of the rankings but for ties', () => {
    fc.assert(
      fc.property(fc.array(aRanking, { minLength: 1, maxLength: 4 }), fc.constantFrom('x', 'y'), (rankings, top) => {
        const withTop = rankings.map((r) => [top, ...r]);
        expect(fuseRankings(withTop, id)[0]!.item).toBe(top);
        const scores = (rs: readonly (readonly string[])[]) => new Map(fuseRankings(rs, id).map((f) => [f.item, f.score]));
        const reversed = scores([...withTop].reverse());
        for (const [item, score] of scores(withTop)) expect(reversed.get(item)).toBeCloseTo(score);
      }),
    );
  });

  it('never ranks an item found by one ranking alone above one found at the same place or better by another as well', () => {
    fc.assert(
      fc.property(aRanking, aRanking, (first, second) => {
        const sut = fuseRankings([first, second], id);
        const place = new Map(sut.map((f, i) => [f.item, i]));
        for (const [rank, item] of first.entries()) {
          if (!second.includes(item)) continue;
          for (const [otherRank, other] of first.entries()) {
            if (otherRank >= rank && !second.includes(other)) expect(place.get(item)!).toBeLessThan(place.get(other)!);
          }
        }
      }),
    );
  });
});
