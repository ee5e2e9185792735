import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { describedAs, descriptionOf, patternOf, type Described } from './described.js';
import { MAX_LENGTH, textProblem } from './text.js';

/**
 * A string from a closed set. A non-string is a type error; an unknown value carries the
 * allowed values in its message. `normalise` lets a codec accept e.g. lower-case countries.
 */
export const oneOf = <V extends string>(
  values: readonly V[],
  normalise: (raw: string) => string = (raw) => raw,
): Described<t.Type<V, string, unknown>> =>
  describedAs(
    new t.Type<V, string, unknown>(
      values.map((v) => `"${v}"`).join(' or '),
      (u): u is V => typeof u === 'string' && (values as readonly string[]).includes(u),
      (u, c) => {
        if (typeof u !== 'string') return t.failure(u, c);
        const value = normalise(u);
        return (values as readonly string[]).includes(value)
          ? t.success(value as V)
          : t.failure(u, c, `must be one of ${values.join(', ')}`);
      },
      String,
    ),
    { type: 'string', enum: values },
  );

/**
 * A string that must match a pattern; `message` tells the client what was expected. Its length
 * and text are checked first, so no pattern ever runs over a megabyte of input.
 */
export const matching = (pattern: RegExp, message: string, name = 'string', maxLength: number = MAX_LENGTH.url): Described<t.Type<string, string, unknown>> =>
  describedAs(
    new t.Type<string, string, unknown>(
      name,
      (u): u is string => typeof u === 'string' && textProblem(u, maxLength) === null && pattern.test(u),
      (u, c) => {
        if (typeof u !== 'string') return t.failure(u, c);
        const problem = textProblem(u, maxLength);
        if (problem) return t.failure(u, c, problem);
        return pattern.test(u) ? t.success(u) : t.failure(u, c, message);
      },
      String,
    ),
    { type: 'string', maxLength, pattern: patternOf(pattern) },
  );

export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null], `${codec.name} or null`);

/** Deliberately loose: the address is only stored, and real validation is sending mail to it. */
const looseEmail = matching(/^[^\s@]+@[^\s@]+$/, 'is not a valid e-mail address', 'e-mail address', 254);
export const emailAddress = describedAs(looseEmail, { ...looseEmail.jsonSchema, format: 'email' });

/**
 * `codec` that decodes either way: a value it refuses becomes its refusal (`Left`, the codec's
 * message), for a use case that reports it with the request's other problems. A missing value
 * is still refused here. The schema is `codec`'s: clients are told what is accepted.
 */
export const leniently = <A>(codec: t.Type<A, string, unknown>): Described<t.Type<E.Either<string, A>, string, unknown>> =>
  describedAs(
    new t.Type<E.Either<string, A>, string, unknown>(
      codec.name,
      (u): u is E.Either<string, A> => typeof u === 'object' && u !== null && '_tag' in u,
      (u, c) => {
        if (u === undefined) return t.failure(u, c);
        const decoded = codec.validate(u, c);
        return t.success(E.isRight(decoded) ? E.right(decoded.right) : E.left(decoded.left[0]?.message ?? `expected ${codec.name}`));
      },
      (a) => (E.isRight(a) ? codec.encode(a.right) : ''),
    ),
    descriptionOf(codec) ?? {},
  );
