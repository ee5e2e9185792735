import * as t from 'io-ts';
import { MAX_SMS_BODY } from '../../../domain/message.js';
import { MAX_RECORDING_DISCLOSURE_LENGTH } from '../../../domain/outbound-settings.js';

/**
 * Longest accepted value of each kind of string field, in characters (UTF-16 code units, as
 * JavaScript counts them). Generous for every real use, small enough that no stranger can make
 * a row, a log line or a prompt huge.
 */
export const MAX_LENGTH = {
  /** Our ids are about 30 characters; anything far longer names nothing. */
  id: 100,
  name: 200,
  /** Short labels: a voice, a BCP-47 language tag. */
  label: 100,
  greeting: 2000,
  description: 2000,
  notes: 10_000,
  prompt: 20_000,
  search: 200,
  url: 2048,
  /** Twilio's limit for one text, either way. */
  smsBody: MAX_SMS_BODY,
  /** One segment of a request path (an id, a route name). */
  pathSegment: 200,
} as const;

// Without the `u` flag a regular expression sees UTF-16 code units, so halves of pairs show.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL cannot store `value` as text, or null. NUL cannot be sent in a query at all
 * (the protocol ends strings with it), and an unpaired surrogate is no Unicode character:
 * text columns would silently store U+FFFD instead, JSON columns refuse it.
 */
export const unstorableText = (value: string): string | null => {
  if (value.includes('\u0000')) return 'must not contain NUL (\\u0000) characters';
  if (UNPAIRED_SURROGATE.test(value)) return 'must be valid Unicode text (it holds an unpaired surrogate)';
  return null;
};

/** Why `value` is not acceptable text of at most `maxLength` characters, or null. */
export const textProblem = (value: string, maxLength: number): string | null =>
  value.length > maxLength ? `must be at most ${maxLength} characters` : unstorableText(value);

/**
 * A string the database can store, of at most `maxLength` characters: every string field of the
 * REST edge is one. Its name stays `string`, as clients are told what type was expected.
 */
export class BoundedText extends t.Type<string, string, unknown> {
  /** What it accepts, for the API's JSON Schema (which counts characters, not UTF-16 units). */
  readonly jsonSchema: { readonly type: 'string'; readonly maxLength: number };

  constructor(readonly maxLength: number) {
    super(
      'string',
      (u): u is string => typeof u === 'string' && textProblem(u, maxLength) === null,
      (u, c) => {
        if (typeof u !== 'string') return t.failure(u, c);
        const problem = textProblem(u, maxLength);
        return problem === null ? t.success(u) : t.failure(u, c, problem);
      },
      String,
    );
    this.jsonSchema = { type: 'string', maxLength };
  }
}

export const boundedText = (maxLength: number): BoundedText => new BoundedText(maxLength);

/** The common kinds, shared by every codec that has such a field. */
export const idText = boundedText(MAX_LENGTH.id);
export const nameText = boundedText(MAX_LENGTH.name);
export const labelText = boundedText(MAX_LENGTH.label);
export const searchText = boundedText(MAX_LENGTH.search);

/** A recording disclosure: a sentence or two said before a recorded call's greeting. */
export const recordingDisclosureText = boundedText(MAX_RECORDING_DISCLOSURE_LENGTH);
