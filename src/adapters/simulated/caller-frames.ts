import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { storableText } from '../../domain/storable-text.js';

/** Caller speech, kept as text the store can hold. */
const SpokenText = new t.Type<string, string, unknown>('SpokenText', t.string.is, (u, c) => (typeof u === 'string' ? t.success(storableText(u)) : t.failure(u, c)), t.identity);

/** What a simulated caller sends, in ConversationRelay's words: speech, a barge-in, a key press. */
export const CallerFrame = t.union([
  t.intersection([t.type({ type: t.literal('prompt'), voicePrompt: SpokenText }), t.partial({ last: t.boolean })]),
  t.intersection([t.type({ type: t.literal('interrupt') }), t.partial({ utteranceUntilInterrupt: SpokenText })]),
  t.type({ type: t.literal('dtmf'), digit: t.string }),
]);

export type CallerFrame = t.TypeOf<typeof CallerFrame>;

/** One text message of a web call's socket, decoded; Left says why it is ignored. */
export const decodeCallerFrame = (text: string): E.Either<string, CallerFrame> => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return E.left('not JSON');
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  return E.mapLeft(() => `not a prompt, interrupt or dtmf frame (type ${JSON.stringify(type) ?? 'missing'})`)(CallerFrame.decode(json));
};
