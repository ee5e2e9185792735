import * as t from 'io-ts';
import { describedAs } from '../codecs/described.js';

/**
 * The building blocks of the response codecs. Each view is typed as its codec's output, so a
 * view cannot carry a field its codec (and with it the OpenAPI document) does not name.
 */

/** The character code of the decimal digit `n` (0–9). */
const digit = (n: number): number => 48 + n;
const HYPHEN = 45;
const COLON = 58;

/**
 * `date.toISOString()`, the API's way of writing an instant, at half its cost: V8's own is slow
 * enough to be a tenth of a long list's serialisation (two or three per row). The string is made
 * in one piece from its character codes: joined from parts, it was a tree of a dozen pieces that
 * `JSON.stringify` had to copy out again. Years outside 0–9999 (written with a sign and six
 * digits) and invalid dates go to `toISOString`.
 */
export const isoInstant = (date: Date): string => {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const seconds = date.getUTCSeconds();
  const ms = date.getUTCMilliseconds();
  return String.fromCharCode(
    digit(Math.floor(year / 1000)), digit(Math.floor(year / 100) % 10), digit(Math.floor(year / 10) % 10), digit(year % 10), HYPHEN,
    digit(Math.floor(month / 10)), digit(month % 10), HYPHEN,
    digit(Math.floor(day / 10)), digit(day % 10), 0x54, // T
    digit(Math.floor(hours / 10)), digit(hours % 10), COLON,
    digit(Math.floor(minutes / 10)), digit(minutes % 10), COLON,
    digit(Math.floor(seconds / 10)), digit(seconds % 10), 0x2e, // .
    digit(Math.floor(ms / 100)), digit(Math.floor(ms / 10) % 10), digit(ms % 10), 0x5a, // Z
  );
};

/** {@link isoInstant}, null for null. */
export const isoInstantOrNull = (date: Date | null | undefined): string | null => (date === null || date === undefined ? null : isoInstant(date));

/** An instant as the API writes it: `toISOString()` ({@link isoInstant}). */
export const isoDateTime = describedAs(t.string, { type: 'string', format: 'date-time', examples: ['2026-01-02T03:04:05.678Z'] });

/** A phone number as the API writes it: E.164. */
export const e164 = describedAs(t.string, { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$', examples: ['+12125550100'] });

export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/**
 * A closed set of strings, from a record keyed by a domain type: adding a value to the domain
 * type and not here fails to compile.
 */
export const valuesOf = <K extends string>(keys: Readonly<Record<K, null>>) => t.keyof(keys as Record<K, null>);

/** `valuesOf` for a domain's list of values, keeping its order (the order of the document's `enum`). */
export const valuesIn = <K extends string>(values: readonly K[]) =>
  valuesOf<K>(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>);

/** `{success: true}` and friends. */
export const SuccessView = t.strict({ success: t.literal(true) }, 'Success');

/** The offset lists' envelope. */
export const pageOf = <C extends t.Mixed>(item: C) => t.strict({ data: t.array(item), hasMore: t.boolean, total: t.number });

/** A view's wire type. */
export type Wire<C extends t.Any> = t.OutputOf<C>;
