import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';

/**
 * `codec` or null: `t.union([codec, t.null])`, with a guard that makes nothing. The union's own
 * guard makes a closure each time it runs, and a hosted answer checks every token's chunk.
 */
const nullable = <C extends t.Mixed>(codec: C) => {
  const union = t.union([codec, t.null]);
  const is = (u: unknown): u is t.TypeOf<typeof union> => u === null || codec.is(u);
  return new t.UnionType(union.name, is, union.validate, union.encode, union.types);
};

/**
 * One piece of a tool call. Servers differ in what they repeat: the id and name may come in the
 * first piece only (or as null later), the arguments as a string in pieces or as one object.
 */
const ToolCallPiece = t.partial({
  index: t.number,
  id: nullable(t.string),
  function: t.partial({ name: nullable(t.string), arguments: t.union([t.string, t.UnknownRecord, t.null]) }),
});

const Choice = t.partial({
  delta: nullable(t.partial({ content: nullable(t.string), tool_calls: nullable(t.readonlyArray(ToolCallPiece)) })),
  finish_reason: nullable(t.string),
});

/**
 * A `chat.completion.chunk` as far as Switchboard reads it: `choices[0].delta` (text and tool
 * call pieces) and `finish_reason`, or an `error` the server reports mid-stream. Other keys
 * (`id`, `model`, `usage`, `logprobs` …) are left alone.
 */
export const ChatCompletionChunk = t.partial({ error: t.unknown, choices: nullable(t.readonlyArray(Choice)) });

export type ChatCompletionChunk = t.TypeOf<typeof ChatCompletionChunk>;
export type ToolCallPiece = t.TypeOf<typeof ToolCallPiece>;

const isBranch = (type: t.Decoder<unknown, unknown>): boolean => {
  const tag = (type as { _tag?: string })._tag;
  return tag === 'UnionType' || tag === 'IntersectionType';
};

/** Where the first problem is, as `choices.0.delta.content` (union members add no key). */
const pathOf = (error: t.ValidationError): string =>
  error.context
    .filter((_, i) => i > 0 && !isBranch(error.context[i - 1]!.type))
    .map((entry) => entry.key)
    .join('.') || 'body';

/** Decodes one `data:` payload; Left says what is wrong with it, to follow "the model sent an event". */
export const decodeChunk = (payload: string): E.Either<string, ChatCompletionChunk> => {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return E.left('that is not JSON');
  }
  // The guard allocates nothing; a chunk that fits (all of them, in practice) needs no more. The
  // decoder, which builds a context per key, runs only to say where one does not fit.
  if (ChatCompletionChunk.is(json)) return E.right(json);
  return E.mapLeft((errors: t.Errors) => `whose ${pathOf(errors[0]!)} does not fit a chat completion chunk`)(ChatCompletionChunk.decode(json));
};
