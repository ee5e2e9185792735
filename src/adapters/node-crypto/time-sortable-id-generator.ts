import { randomBytes } from 'node:crypto';
import type { IdGenerator, IdPrefix } from '../../application/ports/id-generator.js';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

const encode = (value: bigint, length: number): string => {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
};

/**
 * `prefix_` + 10 characters of milliseconds + 16 random characters (ULID layout). Ids made in
 * the same millisecond by one generator still sort in creation order.
 */
export class TimeSortableIdGenerator implements IdGenerator {
  private lastTime = 0;
  private lastRandom = 0n;

  next(prefix: IdPrefix): string {
    const time = Date.now();
    if (time <= this.lastTime) {
      this.lastRandom += 1n;
    } else {
      this.lastTime = time;
      this.lastRandom = BigInt(`0x${randomBytes(10).toString('hex')}`) >> 1n;
    }
    return `${prefix}_${encode(BigInt(this.lastTime), 10)}${encode(this.lastRandom, 16)}`;
  }
}
