import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { VoiceAnswerAction, VoiceAnswerPart } from '../../application/ports/voice-turn-transport.js';

const DIGITS = /^[0-9*#wW]+$/;

/** Keypad digits (`*`, `#`, `w` for a pause), as a string or a number. */
const Digits = Object.assign(
  new t.Type<string, string, unknown>(
    'keypad digits',
    (u): u is string => typeof u === 'string' && DIGITS.test(u),
    (u, c) => {
      const digits = typeof u === 'number' ? String(u) : u;
      return typeof digits === 'string' && DIGITS.test(digits) ? t.success(digits) : t.failure(u, c);
    },
    String,
  ),
  // What the API reference's JSON Schema converter reads.
  { jsonSchema: { anyOf: [{ type: 'string', pattern: DIGITS.source }, { type: 'integer', minimum: 0 }] } },
);

const Spoken = t.refinement(t.string, (text) => text !== '', 'text to speak');

/** The keys of an answer object; `press_digit` and `dtmf` are aliases of `digits`. */
const ANSWER_KEYS = {
  text: Spoken,
  interim: t.boolean,
  digits: Digits,
  press_digit: Digits,
  dtmf: Digits,
  action: t.keyof({ transfer: null, hangup: null, opt_out: null, language: null, handoff: null }),
  /** `action: "handoff"`: the agent to pass the call to, one the agent lists in its `handoffs`. */
  agentId: t.refinement(t.string, (id) => id.trim() !== '' && id.length <= 100, 'an agent id'),
  /** `action: "language"`: the BCP-47 code to switch to, one of the agent's languages. */
  language: t.refinement(t.string, (code) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code), 'a BCP-47 language code'),
  /** Transfers: `warm` (brief a human first) or `cold` (the default). */
  mode: t.keyof({ warm: null, cold: null }),
  summary: Spoken,
  /** Where to transfer (E.164), instead of the agent's transferNumber. */
  number: t.refinement(t.string, (n) => /^\+[1-9]\d{6,14}$/.test(n), 'an E.164 number'),
  hangup: t.boolean,
  /** With `opt_out`: why, kept on the suppression entry (else the caller's last words are). */
  reason: t.refinement(t.string, (text) => text.trim() !== '', 'a reason'),
};

/** One object of a voice answer, every key optional: what the API reference shows. */
export const VoiceAnswerObject = t.partial(ANSWER_KEYS);

type AnswerFields = Partial<{ [K in keyof typeof ANSWER_KEYS]: t.TypeOf<(typeof ANSWER_KEYS)[K]> }>;

/**
 * Each key on its own: one that does not fit (`digits: "abc"`) is left out and the rest of the
 * object still counts, so a typo in one key never silences a whole answer.
 */
const fieldsOf = (record: Readonly<Record<string, unknown>>): AnswerFields => {
  const fields: Record<string, unknown> = {};
  for (const [key, codec] of Object.entries(ANSWER_KEYS) as [keyof typeof ANSWER_KEYS, t.Mixed][]) {
    if (!(key in record)) continue;
    const decoded = codec.decode(record[key]);
    if (E.isRight(decoded)) fields[key] = decoded.right;
  }
  return fields as AnswerFields;
};

const AnswerValue = t.union([t.UnknownArray, t.UnknownRecord]);

/** The actions of one answer value (an object, or an array of them), in speaking order. */
export const actionsOf = (value: unknown): VoiceAnswerAction[] => {
  const decoded = AnswerValue.decode(value);
  if (E.isLeft(decoded)) return [];
  if (Array.isArray(decoded.right)) return decoded.right.flatMap(actionsOf);
  const fields = fieldsOf(decoded.right as Record<string, unknown>);
  const actions: VoiceAnswerAction[] = [];
  if (fields.text !== undefined) actions.push({ kind: 'say', text: fields.text, interim: fields.interim === true });
  for (const digits of [fields.digits, fields.press_digit, fields.dtmf]) if (digits !== undefined) actions.push({ kind: 'digits', digits });
  if (fields.action === 'transfer') {
    actions.push(
      fields.mode === 'warm'
        ? { kind: 'transfer', mode: 'warm', ...(fields.summary ? { summary: fields.summary.slice(0, 1000) } : {}), ...(fields.number ? { to: fields.number } : {}) }
        : { kind: 'transfer' },
    );
  }
  // Before a hang-up in the same object: the opt-out is recorded whatever ends the call.
  if (fields.action === 'opt_out') actions.push(fields.reason ? { kind: 'opt_out', reason: fields.reason.trim().slice(0, 500) } : { kind: 'opt_out' });
  if (fields.action === 'language' && fields.language !== undefined) actions.push({ kind: 'language', language: fields.language });
  if (fields.action === 'handoff' && fields.agentId !== undefined) actions.push({ kind: 'handoff', agentId: fields.agentId, summary: fields.summary?.slice(0, 1000) ?? null });
  if (fields.action === 'hangup' || fields.hangup === true) actions.push({ kind: 'hangup' });
  return actions;
};

/** One line of an NDJSON answer (or a whole JSON body), decoded; null for a blank line. */
export const answerPartOf = (text: string): VoiceAnswerPart | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { kind: 'unreadable', reason: `not JSON: ${trimmed.slice(0, 80)}` };
  }
  return AnswerValue.is(value) ? { kind: 'actions', actions: actionsOf(value) } : { kind: 'unreadable', reason: `not an answer object: ${trimmed.slice(0, 80)}` };
};
