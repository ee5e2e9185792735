import fc from 'fast-check';
import type * as t from 'io-ts';
import { descriptionOf, type SchemaDescription } from '../../src/adapters/rest/codecs/described.js';
import { BoundedText } from '../../src/adapters/rest/codecs/text.js';

/** JSON text to put in a body as is: what JSON.stringify cannot build (5,000 levels) or would fix. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with every RawJson spliced in as its text; `substitute` may swap values first. */
export const toJsonText = (value: unknown, substitute: (v: unknown) => unknown = (v) => v): string => {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_, original: unknown) => {
    const v = substitute(original);
    return v instanceof RawJson ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v;
  });
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!);
};

/** Values for fields no codec can describe: the ids of resources the test created, say. */
export type FieldArbitraries = Readonly<Record<string, fc.Arbitrary<unknown>>>;

const SAMPLE_PHONES = ['+12125550100', '+16465550142', '(415) 555-0100', '+1 604 555 0100', '+442079460000', '212-555-0199'];
const US_CA_PHONES = ['+12125550100', '+16465550142', '+16045550100', '(415) 555-0100'];

const text = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: Math.min(max, 40) }) },
    // At the limit: a short string repeated, so that a shrink of a long field stays shallow.
    { weight: 1, arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 2 })).map(([unit, less]) => unit.repeat(Math.ceil(max / unit.length)).slice(0, Math.max(1, max - less))) },
  );

const jsonObject = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });

/** Our own codecs are `t.Type`s without a tag; each says what it accepts in its name. */
const byName = (name: string, codec?: t.Decoder<unknown, unknown>): fc.Arbitrary<unknown> | null => {
  const choices = /^"[^"]*"( or "[^"]*")*$/.test(name) ? [...name.matchAll(/"([^"]*)"/g)].map((m) => m[1]!) : null;
  if (choices) return fc.constantFrom(...choices);
  const range = /^integer from (\d+) to (\d+)$/.exec(name);
  // A body's whole number (a JSON number) rather than a query's (a string of digits).
  if (range && codec && codec.decode(range[1])._tag === 'Left' && codec.decode(Number(range[1]))._tag === 'Right') {
    return fc.integer({ min: Number(range[1]), max: Number(range[2]) });
  }
  if (range) {
    const integers = fc.integer({ min: Number(range[1]), max: Math.min(Number(range[2]), 1_000_000) }).map(String);
    return fc.option(integers, { nil: undefined });
  }
  switch (name) {
    case 'phone number':
      return fc.constantFrom(...SAMPLE_PHONES);
    case 'US or Canadian phone number':
      return fc.constantFrom(...US_CA_PHONES);
    case 'US or Canadian phone number, "" or null':
      return fc.constantFrom(...US_CA_PHONES, '', null);
    case 'e-mail address':
      return fc.emailAddress();
    case 'area code':
      return fc.constantFrom('212', '646', '415', '604', '999', '555');
    case 'URL':
      return fc.webUrl();
    case 'ISO 8601 date-time':
      return fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()), { nil: undefined });
    case 'calendar day "YYYY-MM-DD"':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'IANA time zone':
      return fc.constantFrom(undefined, 'UTC', 'America/New_York', 'America/Toronto', 'Europe/Paris');
    case '6-digit code':
      return fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0'));
    case 'agent name':
    case 'verification id':
      return text(100);
    case 'object':
      return jsonObject;
    case 'customTools':
      return fc.constantFrom(null, []);
    case 'variables':
      return fc.dictionary(fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/), fc.string({ maxLength: 20 }), { maxKeys: 4 });
    case 'time of day "HH:MM"':
      return fc.integer({ min: 0, max: 24 * 60 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'AgentTest':
      // A whole scenario is a language of its own: a few that run stand for it.
      return fc.constantFrom(
        { name: 'greets', caller: { script: [{ hangUp: true }] }, expect: [{ said: 'hello' }] },
        { name: 'presses', contact: 'outbound_call', caller: { script: [{ machine: { greeting: 'Leave a message' } }, { press: '1#' }] }, expect: [{ voicemail: true }, { turns: { max: 4 } }] },
        { name: 'texts', contact: 'inbound_text', caller: { script: [{ text: 'STOP' }] }, expect: [{ replied: { pattern: 'unsubscribed' } }], tools: { book: { error: 503 } } },
      );
    case 'conversation state':
      return fc.record({ state: fc.option(jsonObject, { nil: null }) });
    default:
      return null;
  }
};

const PLAIN = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789.,'.split(''));

/**
 * Values a codec's own JSON Schema description admits (its pattern, lengths, item counts): for
 * codecs whose name says no more than "string" or what they hold.
 */
const byDescription = (schema: SchemaDescription | undefined): fc.Arbitrary<unknown> | null => {
  if (!schema) return null;
  const number = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  if (schema.type === 'string' && (typeof schema.pattern === 'string' || number('minLength') !== undefined)) {
    const max = number('maxLength') ?? 200;
    if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max);
    const min = number('minLength')!;
    return fc.string({ unit: PLAIN, minLength: min, maxLength: Math.min(max, min + 40) }).filter((s) => s.trim().length >= min);
  }
  if ((schema.type === 'number' || schema.type === 'integer') && number('minimum') !== undefined && number('maximum') !== undefined) {
    const [min, max] = [number('minimum')!, number('maximum')!];
    return schema.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  }
  if (schema.type === 'array' && typeof schema.items === 'object' && schema.items !== null) {
    const items = byDescription(schema.items as SchemaDescription);
    if (items) return fc.array(items, { minLength: number('minItems') ?? 0, maxLength: number('maxItems') ?? 4 });
  }
  return null;
};

/** The field names a codec knows, where its structure tells. */
export const fieldNamesOf = (codec: t.Decoder<unknown, unknown>): string[] => {
  const type = codec as { _tag?: string; props?: t.Props; types?: t.Mixed[] };
  if (type.props) return Object.keys(type.props);
  return (type.types ?? []).flatMap(fieldNamesOf);
};

/** Whether `codec` takes `value` as it would arrive over the wire (as JSON). */
const acceptsAsJson = (codec: t.Decoder<unknown, unknown>, value: unknown): boolean => {
  const text = JSON.stringify(value);
  return codec.decode(text === undefined ? undefined : JSON.parse(text))._tag === 'Right';
};

/**
 * An optional field whose generated value its codec refuses is left out: with dozens of optional
 * fields (an agent's), one of them refused made a value the whole codec accepts rare, and
 * properties over accepted values spent their time searching for one.
 */
const recordOf = (props: t.Props, fields: FieldArbitraries, required: boolean) =>
  fc.record(
    Object.fromEntries(
      Object.entries(props).map(([key, codec]) => {
        const given = fields[key];
        if (given || required) return [key, given ?? arbitraryOf(codec, fields)];
        return [key, arbitraryOf(codec, fields).map((value) => (acceptsAsJson(codec, value) ? value : undefined))];
      }),
    ),
    required ? undefined : { requiredKeys: [] },
  );

/**
 * Values a codec accepts, mostly: derived from its structure (io-ts combinators) and, for our own
 * codecs, from what they are (a BoundedText's length) or say they are (their names). `fields`
 * overrides fields by name, wherever they are. The fuzz test mutates these into malformed ones.
 */
export const arbitraryOf = (codec: t.Decoder<unknown, unknown>, fields: FieldArbitraries = {}): fc.Arbitrary<unknown> => {
  if (codec instanceof BoundedText) return text(codec.maxLength);
  const type = codec as t.Mixed & { _tag?: string; props?: t.Props; types?: t.Mixed[]; type?: t.Mixed; value?: unknown };
  switch (type._tag) {
    case 'InterfaceType':
      return recordOf(type.props!, fields, true);
    case 'PartialType':
      return recordOf(type.props!, fields, false);
    case 'ExactType':
      return arbitraryOf(type.type!, fields);
    case 'IntersectionType':
      return fc.tuple(...type.types!.map((member) => arbitraryOf(member, fields))).map((parts) => Object.assign({}, ...parts) as unknown);
    case 'UnionType':
      return fc.oneof(...type.types!.map((member) => arbitraryOf(member, fields)));
    case 'ArrayType':
      return fc.array(arbitraryOf(type.type!, fields), { maxLength: 4 });
    case 'NullType':
      return fc.constant(null);
    case 'StringType':
      return fc.string();
    case 'NumberType':
      return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 60 }) }, fc.integer({ min: -10, max: 200 }), fc.double());
    case 'BooleanType':
      return fc.boolean();
    case 'LiteralType':
      return fc.constant(type.value);
    case 'UnknownRecordType':
      return jsonObject;
    default: {
      const idleMessages = /^up to (\d+) idle messages$/.exec(type.name);
      if (idleMessages) return fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: Number(idleMessages[1]) });
      return byName(type.name, type) ?? byDescription(descriptionOf(type)) ?? fc.anything();
    }
  }
};
