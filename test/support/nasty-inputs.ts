import fc from 'fast-check';
import { RawJson } from './codec-arbitrary.js';

/** `{"a":{"a":…}}` or `[[…]]`, `levels` deep, as JSON text. */
export const nestedJson = (levels: number, kind: 'object' | 'array' = 'object'): RawJson =>
  new RawJson(kind === 'object' ? `${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}` : `${'['.repeat(levels)}${']'.repeat(levels)}`);

/** Strings the database cannot store, or nothing can be at these lengths, or no parser likes. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '\uD800', 'a\uDBFF', '\uDC00b', '\uDFFF\uD800', '😀\uD83D'),
  fc.constantFrom(201, 2049, 20_001, 100_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom('2026-02-30T00:00:00Z', '99999-01-01T00:00:00Z', '2026-13-01', 'yesterday', '-1', '1e309', 'NaN', '0x10'),
  fc.constantFrom('', ' ', '\n', '../../etc/passwd', '%00', '<script>', "'; drop table agents; --", '\u202Eevil'),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** A value of the wrong type, nested too deep, too large, or holding nasty text somewhere inside. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(0, -1, 1.5, 1e308, true, false, null, [], {}),
  fc.constantFrom(11, 33, 5000).chain((levels) => fc.constantFrom(nestedJson(levels), nestedJson(levels, 'array'))),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 5 }), nastyString), nastyString, { minKeys: 1, maxKeys: 3 }),
  fc.array(nastyString, { minLength: 1, maxLength: 3 }),
  fc.constant({ note: 'x'.repeat(17 * 1024) }),
);

/** Whole bodies no route should take: not JSON, not an object, nested thousands deep, over the size limit. */
export const nastyBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '42', 'true', '{"__proto__":{"admin":true}}', '\u0000'),
  fc.constantFrom(5000, 100_000).map((levels) => nestedJson(levels, 'array').text),
  fc.constant(nestedJson(5000).text),
  fc.constant(`{"name":"${'x'.repeat(1_100_000)}"}`),
  fc.string({ unit: 'binary', maxLength: 50 }),
);

/** UTF-8 percent-encoding that, unlike encodeURIComponent, also encodes unpaired surrogates (as CESU-8 bytes). */
export const percentEncode = (value: string): string => {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
};

/** Path segments and query values, already encoded: nasty text, and escapes that do not decode. */
export const nastyUrlText: fc.Arbitrary<string> = fc.oneof(
  nastyString.map(percentEncode),
  fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%FF', '%2F', '..', '.', '%2e%2e', 'a%00b', '%C0%80'),
);
