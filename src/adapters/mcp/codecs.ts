import * as t from 'io-ts';
import { describedAs } from '../rest/codecs/described.js';

/** A JSON number of seconds within bounds; the tools' own waits (REST has none of them). */
export const secondsBetween = (min: number, max: number) =>
  describedAs(
    new t.Type<number, number, unknown>(
      `seconds from ${min} to ${max}`,
      (u): u is number => typeof u === 'number' && u >= min && u <= max,
      (u, c) => {
        if (typeof u !== 'number' || !Number.isFinite(u)) return t.failure(u, c);
        return u >= min && u <= max ? t.success(u) : t.failure(u, c, `must be between ${min} and ${max} seconds`);
      },
      (a) => a,
    ),
    { type: 'number', minimum: min, maximum: max },
  );
