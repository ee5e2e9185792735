import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { storableText } from '../../domain/storable-text.js';

/** Caller speech, kept as text the store can hold. */
const SpokenText = new t.Type<string, string, unknown>('SpokenText', t.string.is, (u, c) => (typeof u === 'string' ? t.success(storableText(u)) : t.failure(u, c)), t.identity);

/**
 * The frames ConversationRelay sends, by `type`. Only the keys the voice session uses are
 * named; others (`lang`, `sessionId`, durations …) pass unread.
 */
const FRAMES = {
  setup: t.type({ type: t.literal('setup') }),
  /** The caller's words; `last: false` marks a partial result, spoken words still coming. */
  prompt: t.intersection([t.type({ type: t.literal('prompt'), voicePrompt: SpokenText }), t.partial({ last: t.boolean, lang: t.string })]),
  /** The caller spoke over the agent; what the agent had said until then. */
  interrupt: t.intersection([t.type({ type: t.literal('interrupt') }), t.partial({ utteranceUntilInterrupt: SpokenText })]),
  dtmf: t.type({ type: t.literal('dtmf'), digit: t.string }),
  error: t.intersection([t.type({ type: t.literal('error') }), t.partial({ description: t.string })]),
  /** Debug reports; with `debug="speaker-events"`: `agentSpeaking` / `clientSpeaking`, `on` or `off`. */
  info: t.intersection([t.type({ type: t.literal('info') }), t.partial({ name: t.string, value: t.unknown })]),
};

export type RelayFrame = { [K in keyof typeof FRAMES]: t.TypeOf<(typeof FRAMES)[K]> }[keyof typeof FRAMES];

/** Why a frame was not read: `unknown` for a type this server does not know, `malformed` for the rest. */
export interface UnreadFrame {
  readonly kind: 'unknown' | 'malformed';
  readonly reason: string;
}

const isFrameType = (type: unknown): type is keyof typeof FRAMES => typeof type === 'string' && Object.hasOwn(FRAMES, type);

/** One text message of the relay socket, decoded. */
export const decodeRelayFrame = (text: string): E.Either<UnreadFrame, RelayFrame> => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return E.left({ kind: 'malformed', reason: 'not JSON' });
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  if (!isFrameType(type)) {
    return typeof type === 'string' ? E.left({ kind: 'unknown', reason: `type "${type.slice(0, 40)}"` }) : E.left({ kind: 'malformed', reason: 'no type' });
  }
  const decoded = (FRAMES[type] as t.Decoder<unknown, RelayFrame>).decode(json);
  return E.mapLeft((errors: t.Errors) => {
    const fields = [...new Set(errors.map((e) => e.context.findLast((entry) => !/^\d*$/.test(entry.key))?.key ?? 'type'))];
    return { kind: 'malformed' as const, reason: `a "${type}" frame with a missing or mistyped ${fields.join(', ')}` };
  })(decoded);
};
