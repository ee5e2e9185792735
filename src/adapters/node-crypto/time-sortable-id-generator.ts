import { randomFillSync } from 'node:crypto';
import type { IdGenerator, IdPrefix } from '../../application/ports/id-generator.js';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case
const CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0));
const TIME_DIGITS = 10;
const RANDOM_DIGITS = 16;

/** Random bytes drawn from the system a pool at a time: one call into OpenSSL for 256 ids, not one each. */
const POOL_SIZE = 4096;

const pooledRandomBytes = (): ((size: number) => Uint8Array) => {
  const pool = Buffer.allocUnsafe(POOL_SIZE);
  let used = POOL_SIZE;
  return (size) => {
    if (used + size > POOL_SIZE) {
      randomFillSync(pool);
      used = 0;
    }
    // A view, read at once: the pool is refilled only by a later draw.
    return pool.subarray(used, (used += size));
  };
};

export interface TimeSortableIdOptions {
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
  /** `size` random bytes, read at once; default: from a pool `crypto.randomFillSync` fills. */
  readonly random?: (size: number) => Uint8Array;
}

/**
 * `prefix_` + 10 characters of milliseconds + 16 random characters (ULID layout). Ids made in
 * the same millisecond by one generator still sort in creation order: the random part counts
 * up from the millisecond's first draw, which leaves its top bit clear so that it cannot wrap.
 *
 * Every id is made as one flat string from its character codes. Built by concatenation, an id
 * was a tree of a dozen string pieces (each `+` of 13 characters or more links its two halves
 * rather than copying them), several times the bytes of the id itself and kept as long as the
 * id, in every row and turn that carries one.
 */
export class TimeSortableIdGenerator implements IdGenerator {
  private lastTime = 0;
  /** The random part's base-32 digits, most significant first. */
  private readonly digits = new Array<number>(RANDOM_DIGITS).fill(0);
  private readonly now: () => number;
  private readonly random: (size: number) => Uint8Array;

  constructor(options: TimeSortableIdOptions = {}) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? pooledRandomBytes();
  }

  next(prefix: IdPrefix): string {
    const time = this.now();
    if (time <= this.lastTime) this.countUp();
    else {
      this.lastTime = time;
      this.draw();
    }
    const codes = new Array<number>(prefix.length + 1 + TIME_DIGITS + RANDOM_DIGITS);
    let at = 0;
    for (; at < prefix.length; at++) codes[at] = prefix.charCodeAt(at);
    codes[at++] = 0x5f; // _
    let rest = this.lastTime;
    for (let i = TIME_DIGITS - 1; i >= 0; i--) {
      codes[at + i] = CODES[rest % 32]!;
      rest = Math.floor(rest / 32);
    }
    at += TIME_DIGITS;
    for (let i = 0; i < RANDOM_DIGITS; i++) codes[at + i] = CODES[this.digits[i]!]!;
    return String.fromCharCode.apply(null, codes);
  }

  /** A fresh random part of 79 bits: 16 digits of 5 bits, the first of them 4. */
  private draw(): void {
    const bytes = this.random(RANDOM_DIGITS);
    for (let i = 0; i < RANDOM_DIGITS; i++) this.digits[i] = bytes[i]! & 31;
    this.digits[0] = this.digits[0]! & 15;
  }

  private countUp(): void {
    for (let i = RANDOM_DIGITS - 1; i >= 0; i--) {
      const digit = this.digits[i]!;
      if (digit < 31) {
        this.digits[i] = digit + 1;
        return;
      }
      this.digits[i] = 0;
    }
  }
}
