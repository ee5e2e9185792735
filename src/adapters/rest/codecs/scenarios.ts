import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { CALLER_FIXTURE_NAMES, CALLER_FIXTURES } from '../../../application/testing/caller-fixtures.js';
import {
  CONTACT_KINDS,
  type ContactKind,
  type Bounds,
  type CallerStep,
  type Expectation,
  type Scenario,
  type ScenarioAgent,
  type ScenarioCaller,
  type TextMatch,
  type ToolStub,
} from '../../../application/testing/scenario.js';
import { oneOf } from './common.js';
import { CreateAgentBody } from './agents.js';
import { describedAs, describedWith } from './described.js';
import { oneKeyOf } from './one-key.js';
import { anyPhoneNumber } from './phone.js';
import { boundedText, MAX_LENGTH } from './text.js';

const text = boundedText(MAX_LENGTH.prompt);
const shortText = boundedText(MAX_LENGTH.name);

const count = (name: string, min: number, max: number) =>
  describedAs(
    new t.Type<number, number, unknown>(
      name,
      (u): u is number => typeof u === 'number',
      (u, c) => (typeof u === 'number' && Number.isFinite(u) && u >= min && u <= max ? t.success(u) : t.failure(u, c, `must be a number from ${min} to ${max}`)),
      t.identity,
    ),
    { type: 'number', minimum: min, maximum: max },
  );
const wholeCount = (name: string, min: number, max: number) =>
  describedAs(t.refinement(count(name, min, max), Number.isInteger, name), { type: 'integer', minimum: min, maximum: max });

const digits = describedAs(
  new t.Type<string, string, unknown>('keypad digits', (u): u is string => typeof u === 'string', (u, c) => {
    const value = typeof u === 'number' ? String(u) : u;
    return typeof value === 'string' && /^[0-9*#wW]{1,32}$/.test(value) ? t.success(value) : t.failure(u, c, 'must be 1 to 32 of 0-9, *, # and w');
  }, String),
  { type: 'string', pattern: '^[0-9*#wW]{1,32}$' },
);

const pattern = describedAs(
  new t.Type<string, string, unknown>('regular expression', (u): u is string => typeof u === 'string', (u, c) => {
    if (typeof u !== 'string' || u.length > 1000) return t.failure(u, c, 'must be a regular expression of at most 1000 characters');
    try {
      new RegExp(u, 'i');
      return t.success(u);
    } catch (error) {
      return t.failure(u, c, `is not a regular expression: ${(error as Error).message}`);
    }
  }, String),
  { type: 'string', format: 'regex', maxLength: 1000 },
);

/** `"words"` (contained, case and spacing ignored), `{text: "words"}` or `{pattern: "regex"}`. */
const TextMatchCodec: t.Type<TextMatch, unknown, unknown> = t.union([
  new t.Type<TextMatch, unknown, unknown>('text', (u): u is TextMatch => false, (u, c) => E.map((s: string): TextMatch => ({ kind: 'text', text: s }))(text.validate(u, c)), t.identity),
  oneKeyOf('text or pattern', { text, pattern }, (k): TextMatch => (k.key === 'text' ? { kind: 'text', text: k.value } : { kind: 'pattern', pattern: k.value })),
]) as unknown as t.Type<TextMatch, unknown, unknown>;
const textMatch = describedWith(TextMatchCodec, (describe) => ({ oneOf: [describe(text), { type: 'object', properties: { text: describe(text) }, required: ['text'], additionalProperties: false }, { type: 'object', properties: { pattern: describe(pattern) }, required: ['pattern'], additionalProperties: false }] }));

const bounds = (unit: string) =>
  t.refinement(t.partial({ min: count(unit, 0, 1e9), max: count(unit, 0, 1e9) }), (b) => b.min !== undefined || b.max !== undefined, `{min, max} ${unit}`);
const toBounds = (b: { min?: number; max?: number }): Bounds => ({ min: b.min ?? null, max: b.max ?? null });

const Step = oneKeyOf(
  'caller step',
  {
    say: text,
    press: digits,
    silence: count('seconds', 0, 3600),
    interrupt: t.union([text, t.intersection([t.type({ say: text }), t.partial({ afterWords: wholeCount('words', 0, 1000) })])]),
    hangUp: t.literal(true),
    machine: t.intersection([t.type({ greeting: text }), t.partial({ beep: t.boolean })]),
    transfer: oneOf(['answer', 'refuse'] as const),
    text,
  },
  (k): CallerStep => {
    switch (k.key) {
      case 'say':
        return { kind: 'say', text: k.value };
      case 'press':
        return { kind: 'press', digits: k.value };
      case 'silence':
        return { kind: 'silence', seconds: k.value };
      case 'interrupt':
        return typeof k.value === 'string' ? { kind: 'interrupt', text: k.value, afterWords: 1 } : { kind: 'interrupt', text: k.value.say, afterWords: k.value.afterWords ?? 1 };
      case 'hangUp':
        return { kind: 'hang_up' };
      case 'machine':
        return { kind: 'machine', greeting: k.value.greeting, beep: k.value.beep ?? true };
      case 'transfer':
        return { kind: 'transfer', answer: k.value === 'answer' };
      case 'text':
        return { kind: 'text', body: k.value };
    }
  },
);

/** The caller, and the contact a built-in fixture makes (null: the scenario's own, or the default). */
interface DecodedCaller {
  readonly caller: ScenarioCaller;
  readonly contact: ContactKind | null;
}

const Caller = oneKeyOf(
  'caller',
  {
    script: t.array(Step),
    simulated: t.intersection([t.type({ persona: text, goal: text }), t.partial({ maxTurns: wholeCount('turns', 1, 100) })]),
    fixture: oneOf(CALLER_FIXTURE_NAMES),
  },
  (k): DecodedCaller => {
    switch (k.key) {
      case 'script':
        return { caller: { kind: 'script', steps: k.value }, contact: null };
      case 'simulated':
        return { caller: { kind: 'simulated', persona: k.value.persona, goal: k.value.goal, maxTurns: k.value.maxTurns ?? 10 }, contact: null };
      case 'fixture': {
        const fixture = CALLER_FIXTURES[k.value];
        return { caller: { kind: 'script', steps: fixture.steps }, contact: fixture.contact };
      }
    }
  },
);

const jsonSchemaObject = t.UnknownRecord;

const ExpectationCodec = oneKeyOf(
  'expectation',
  {
    said: t.union([textMatch, t.intersection([t.type({ turn: wholeCount('turn', 1, 1000) }), t.partial({ text, pattern })])]),
    notSaid: textMatch,
    toolCalled: t.union([shortText, t.intersection([t.type({ name: shortText }), t.partial({ arguments: jsonSchemaObject })])]),
    transferred: t.union([anyPhoneNumber, t.partial({ to: anyPhoneNumber, mode: oneOf(['cold', 'warm'] as const) })]),
    hungUp: t.union([t.literal(true), t.partial({ disconnectionReason: shortText })]),
    voicemail: t.union([t.literal(true), textMatch]),
    digitsSent: digits,
    analysis: t.UnknownRecord,
    turns: bounds('turns'),
    durationSeconds: bounds('seconds'),
    answerLatencyMs: bounds('milliseconds'),
    replied: t.union([t.literal(true), textMatch]),
    judged: text,
  },
  (k): Expectation | readonly Expectation[] => {
    switch (k.key) {
      case 'said': {
        const v = k.value as TextMatch | { turn: number; text?: string; pattern?: string };
        if ('kind' in v) return { kind: 'said', match: v, turn: null };
        return { kind: 'said', turn: v.turn, match: v.pattern !== undefined ? { kind: 'pattern', pattern: v.pattern } : { kind: 'text', text: v.text ?? '' } };
      }
      case 'notSaid':
        return { kind: 'not_said', match: k.value };
      case 'toolCalled':
        return typeof k.value === 'string' ? { kind: 'tool_called', name: k.value, arguments: null } : { kind: 'tool_called', name: k.value.name, arguments: k.value.arguments ?? null };
      case 'transferred':
        return typeof k.value === 'string' ? { kind: 'transferred', to: k.value, mode: null } : { kind: 'transferred', to: k.value.to ?? null, mode: k.value.mode ?? null };
      case 'hungUp':
        return { kind: 'hung_up', disconnectionReason: k.value === true ? null : (k.value.disconnectionReason ?? null) };
      case 'voicemail':
        return { kind: 'voicemail', match: k.value === true ? null : k.value };
      case 'digitsSent':
        return { kind: 'digits_sent', digits: k.value };
      case 'analysis':
        // Each field its own expectation: `{field: value}` equals, `{field: {pattern}}` matches.
        return Object.entries(k.value).map(([field, wanted]): Expectation => {
          const asPattern = typeof wanted === 'object' && wanted !== null && Object.keys(wanted).length === 1 && typeof (wanted as { pattern?: unknown }).pattern === 'string';
          return { kind: 'analysis', field, equals: asPattern ? null : wanted, match: asPattern ? { kind: 'pattern', pattern: (wanted as { pattern: string }).pattern } : null };
        });
      case 'turns':
        return { kind: 'turns', bounds: toBounds(k.value) };
      case 'durationSeconds':
        return { kind: 'duration_seconds', bounds: toBounds(k.value) };
      case 'answerLatencyMs':
        return { kind: 'answer_latency_ms', bounds: toBounds(k.value) };
      case 'replied':
        return { kind: 'replied', match: k.value === true ? null : k.value };
      case 'judged':
        return { kind: 'judged', criterion: k.value };
    }
  },
);

const ToolStubCodec = oneKeyOf(
  'tool stub',
  {
    answer: t.unknown,
    error: t.union([wholeCount('HTTP status', 400, 599), t.intersection([t.type({ status: wholeCount('HTTP status', 400, 599) }), t.partial({ body: text })])]),
    timeout: t.literal(true),
  },
  (k): ToolStub =>
    k.key === 'answer' ? { kind: 'answer', json: k.value } : k.key === 'error' ? (typeof k.value === 'number' ? { kind: 'error', status: k.value, body: '' } : { kind: 'error', status: k.value.status, body: k.value.body ?? '' }) : { kind: 'timeout' },
);

const Webhook = t.intersection([t.type({ url: boundedText(MAX_LENGTH.url) }), t.partial({ secret: shortText, timeout: wholeCount('seconds', 5, 120) })]);

const AgentCodec = t.union([
  t.type({ id: shortText }),
  t.intersection([CreateAgentBody, t.partial({ webhook: Webhook })]),
]);

const toAgent = (agent: t.TypeOf<typeof AgentCodec>, raw: Record<string, unknown>): ScenarioAgent => {
  if ('id' in agent) return { kind: 'existing', id: agent.id };
  const { webhook: _webhook, ...definition } = raw;
  const webhook = (agent as { webhook?: t.TypeOf<typeof Webhook> }).webhook;
  return { kind: 'inline', definition, webhook: webhook ? { url: webhook.url, secret: webhook.secret ?? null, timeoutSeconds: webhook.timeout ?? null } : null };
};

const nonEmpty = <C extends t.Mixed>(codec: C) => {
  const list = t.array(codec);
  // A scenario with nothing expected would pass by default: refused with a message of its own.
  return describedWith(
    new t.Type<t.TypeOf<C>[], unknown, unknown>(`non-empty list of ${codec.name}`, list.is, (u, c) => (Array.isArray(u) && u.length === 0 ? t.failure(u, c, 'must hold at least one expectation') : list.validate(u, c)), list.encode),
    (describe) => ({ ...describe(list), minItems: 1 }),
  );
};

const ScenarioFields = t.intersection([
  t.type({ name: shortText, agent: AgentCodec, caller: Caller, expect: nonEmpty(ExpectationCodec) }),
  t.partial({
    description: text,
    contact: oneOf(CONTACT_KINDS),
    variables: t.record(t.string, shortText),
    tools: t.record(t.string, ToolStubCodec),
    stepTimeout: count('seconds', 0.1, 600),
  }),
]);

/**
 * A scenario file's contents (YAML or JSON): the agent, the contact, the caller and what must
 * come of it. Published as a JSON Schema in the OpenAPI document (`Scenario`) and in the package
 * (`schemas/scenario.schema.json`).
 */
export const ScenarioCodec = describedWith(
  new t.Type<Scenario, unknown, unknown>(
    'Scenario',
    (u): u is Scenario => false,
    // Decoded from the fields' own root, so that a problem is named by its field path (`caller.script.2`).
    (u) => {
      const root: t.Context = [{ key: '', type: ScenarioFields, actual: u }];
      return E.chain((f: t.TypeOf<typeof ScenarioFields>): t.Validation<Scenario> => {
        if (f.contact !== undefined && f.caller.contact !== null && f.contact !== f.caller.contact) {
          return t.failure(f.contact, [...root, { key: 'contact', type: ScenarioFields, actual: f.contact }], `must be ${f.caller.contact} (or left out): the caller's fixture makes that contact`);
        }
        return t.success({
          name: f.name,
          agent: toAgent(f.agent, (u as { agent: Record<string, unknown> }).agent),
          contact: f.contact ?? f.caller.contact ?? 'inbound_call',
          variables: f.variables ?? {},
          caller: f.caller.caller,
          tools: f.tools ?? {},
          expect: f.expect.flat() as Expectation[],
          stepTimeoutSeconds: f.stepTimeout ?? 30,
        });
      })(ScenarioFields.validate(u, root));
    },
    t.identity,
  ),
  (describe) => ({ ...describe(ScenarioFields), title: 'Scenario', description: 'A scenario test of an agent (docs/testing.md).' }),
);
