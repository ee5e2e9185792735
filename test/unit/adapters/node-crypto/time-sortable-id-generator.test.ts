import { describe, expect, it } from 'vitest';
import { TimeSortableIdGenerator } from '../../../../src/adapters/node-crypto/time-sortable-id-generator.js';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** The id's 26 characters after its prefix, read back as a number. */
const valueOf = (id: string): bigint => [...id.slice(id.indexOf('_') + 1)].reduce((sum, char) => sum * 32n + BigInt(ALPHABET.indexOf(char)), 0n);

describe('TimeSortableIdGenerator', () => {
  it('makes prefix_ + ten characters of milliseconds + sixteen random ones', () => {
    const at = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    const id = new TimeSortableIdGenerator({ now: () => at }).next('call');
    expect(id).toMatch(/^call_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(valueOf(id) >> 80n).toBe(BigInt(at));
  });

  it('keeps the random part under 2^79, so that counting up within a millisecond cannot wrap', () => {
    const id = new TimeSortableIdGenerator({ now: () => 1, random: (size) => new Uint8Array(size).fill(255) }).next('turn');
    expect(valueOf(id) & ((1n << 80n) - 1n)).toBe((1n << 79n) - 1n);
  });

  it('counts up within one millisecond, carrying across digits, so that ids sort in the order made', () => {
    // The last two digits start at z (31): the second id carries across both into the one before.
    const random = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i >= size - 2 ? 31 : 3));
    const ids = new TimeSortableIdGenerator({ now: () => 5_000, random });
    const made = Array.from({ length: 40 }, () => ids.next('msg'));
    const values = made.map(valueOf);
    for (let i = 1; i < values.length; i++) expect(values[i]! - values[i - 1]!).toBe(1n);
    expect([...made].sort()).toEqual(made);
  });

  it('sorts by time first, and draws afresh in a new millisecond', () => {
    let now = 1_000;
    const draws: number[] = [];
    const ids = new TimeSortableIdGenerator({ now: () => now, random: (size) => (draws.push(size), new Uint8Array(size).fill(draws.length)) });
    const first = ids.next('call');
    now = 999; // a clock stepping back keeps counting up on the last millisecond
    const second = ids.next('call');
    now = 1_001;
    const third = ids.next('call');
    expect([first, second, third]).toEqual([first, second, third].sort());
    expect(valueOf(second) - valueOf(first)).toBe(1n);
    expect(draws).toHaveLength(2);
    expect(valueOf(third) >> 80n).toBe(1_001n);
  });

  it('makes distinct ids with the real clock and randomness', () => {
    const ids = new TimeSortableIdGenerator();
    const made = Array.from({ length: 10_000 }, () => ids.next('turn'));
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
  });

  it('draws a fresh random part for every new millisecond, well past one pool of random bytes', () => {
    let time = 1_700_000_000_000;
    const ids = new TimeSortableIdGenerator({ now: () => time++ });

    const randomParts = Array.from({ length: 2_000 }, () => ids.next('call').slice(-16));

    expect(new Set(randomParts).size).toBe(randomParts.length);
  });
});
