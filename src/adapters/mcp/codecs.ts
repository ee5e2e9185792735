import * as t from 'io-ts';
import { describedAs, type Described } from '../rest/codecs/described.js';

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

/**
 * A field of a few digits that a model (or a person) may well send as a JSON number, `415` for
 * `"415"`: a whole number of exactly `digits` digits is read as its text, and text goes to the
 * REST codec as it is. Anything else is refused saying both forms it may take.
 */
export const digitsOrNumber = (codec: Described<t.Type<string, string, unknown>>, digits: number, example: string) => {
  const least = 10 ** (digits - 1);
  const most = 10 ** digits - 1;
  const expected = `must be ${digits} digits, as text ("${example}") or a number (${example})`;
  return describedAs(
    new t.Type<string, string, unknown>(
      codec.name,
      codec.is,
      (u, c) => {
        if (typeof u === 'string') return codec.validate(u, c);
        return typeof u === 'number' && Number.isInteger(u) && u >= least && u <= most ? t.success(String(u)) : t.failure(u, c, expected);
      },
      codec.encode,
    ),
    { anyOf: [codec.jsonSchema, { type: 'integer', minimum: least, maximum: most }], examples: [example] },
  );
};
