import type { Context } from 'hono';
import { getQueryStrings } from 'hono/utils/url';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { AppError, FieldProblem } from '../../application/errors.js';
import { fieldNameOf, jsonProblem } from './codecs/json.js';
import type { InputLocation } from './error-envelope.js';
import { BoundedMemo } from './bounded-memo.js';

const isBranch = (type: t.Decoder<unknown, unknown>): boolean => {
  const tag = (type as { _tag?: string })._tag;
  return tag === 'UnionType' || tag === 'IntersectionType';
};

/** Path of the failing field; union and intersection members add index keys that name nothing. */
const fieldOf = (context: t.Context, location: InputLocation): { field: string; entry: t.ContextEntry; whole: boolean } => {
  const keys: string[] = [];
  let entry = context[0]!;
  context.forEach((current, i) => {
    if (i === 0 || isBranch(context[i - 1]!.type)) return;
    keys.push(current.key);
    entry = current;
  });
  // `whole`: the input itself failed, not a field of it (which may be named like the location: `body`).
  return { field: keys.length ? keys.join('.') : location, entry, whole: keys.length === 0 };
};

const fieldProblemOf = (error: t.ValidationError, location: InputLocation): FieldProblem => {
  const { field, entry, whole } = fieldOf(error.context, location);
  if (error.value === undefined && !whole) return { field, message: 'field required', type: 'missing' };
  if (error.message) return { field, message: error.message, type: 'value_error' };
  if (whole) return { field, message: 'must be a JSON object', type: 'type_error' };
  return { field, message: `expected ${entry.type.name}`, type: 'type_error' };
};

const RANK: Readonly<Record<string, number>> = { missing: 0, value_error: 1, type_error: 2 };

/**
 * The one reporter of the REST edge: one problem per field. A union reports every member's
 * failure; the most telling one (missing, then a codec's own message) is kept.
 */
export const reportProblems = (errors: t.Errors, location: InputLocation): FieldProblem[] => {
  const byField = new Map<string, FieldProblem>();
  for (const problem of errors.map((e) => fieldProblemOf(e, location))) {
    const seen = byField.get(problem.field);
    if (!seen || (RANK[problem.type] ?? 3) < (RANK[seen.type] ?? 3)) byField.set(problem.field, problem);
  }
  return [...byField.values()];
};

export const invalidInput = (details: readonly FieldProblem[]): AppError => ({
  _tag: 'Validation',
  message: `Request validation failed: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
  details,
});

export const decode = <A>(codec: t.Decoder<unknown, A>, value: unknown, location: InputLocation): E.Either<AppError, A> =>
  E.mapLeft((errors: t.Errors) => invalidInput(reportProblems(errors, location)))(codec.decode(value));

/** No body of ours nests this deep; free-form fields have their own, smaller limit. */
const MAX_BODY_DEPTH = 32;

/**
 * What no codec should ever be handed: JSON nested deeper than any body of ours (any recursive
 * code after it could overflow the stack), or a string or key the database cannot store, in any
 * field, read or not. A depth problem is named by its top-level field; a text one by its path.
 */
const bodyProblem = (body: unknown): FieldProblem | null => {
  const problem = jsonProblem(body, MAX_BODY_DEPTH);
  if (!problem) return null;
  const path = problem.kind === 'depth' ? problem.path.slice(0, 1) : problem.path;
  return { field: path.length ? fieldNameOf(path) : 'body', message: problem.message, type: 'value_error' };
};

const parseJson = (text: string): E.Either<AppError, unknown> => {
  try {
    return E.right(JSON.parse(text) as unknown);
  } catch {
    return E.left(invalidInput([{ field: 'body', message: 'is not valid JSON', type: 'json_invalid' }]));
  }
};

/** Reads and decodes a JSON body. No body at all reads as `{}`, so required fields report as missing. */
export const decodeBody = async <A>(c: Context, codec: t.Decoder<unknown, A>): Promise<E.Either<AppError, A>> => {
  const text = await c.req.text();
  if (text.trim() === '') return decode(codec, {}, 'body');
  const parsed = parseJson(text);
  if (E.isLeft(parsed)) return parsed;
  const problem = bodyProblem(parsed.right);
  return problem ? E.left(invalidInput([problem])) : decode(codec, parsed.right, 'body');
};

/** The most query strings a codec keeps decoded; past it, they are all forgotten and kept anew. */
const MOST_QUERIES_KEPT = 256;
/** The longest query string kept: a poller's are short, and long ones would make the bound above one of megabytes. */
const LONGEST_QUERY_KEPT = 256;

/** Queries that decoded, by codec and query string as sent (see {@link decodeQuery}). */
const decodedQueries = new WeakMap<t.Decoder<unknown, unknown>, BoundedMemo<unknown>>();

/**
 * The query decoded by `codec`. A poller sends the same query again and again (`?limit=20`):
 * parsing and decoding it each time was a needless share of a list read, so a query that decoded is kept
 * by its text, per codec (codecs are pure, and what they give is never changed). One that fails
 * is decoded and refused every time, and a long one decoded every time: neither is kept.
 */
export const decodeQuery = <A>(c: Context, codec: t.Decoder<unknown, A>): E.Either<AppError, A> => {
  const text = getQueryStrings(c.req.url);
  let kept = decodedQueries.get(codec);
  const found = kept?.get(text);
  if (found !== undefined) return E.right(found as A);
  const decoded = decode(codec, c.req.query(), 'query');
  if (E.isLeft(decoded)) return decoded;
  if (kept === undefined) decodedQueries.set(codec, (kept = new BoundedMemo(MOST_QUERIES_KEPT, LONGEST_QUERY_KEPT)));
  kept.keep(text, decoded.right);
  return decoded;
};
