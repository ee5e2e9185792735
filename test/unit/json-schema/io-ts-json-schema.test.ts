import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { jsonSchemaOf, standaloneJsonSchemaOf, UndescribableCodec, type JsonSchema } from '../../../src/adapters/json-schema/io-ts-json-schema.js';
import { CreateAgentBody } from '../../../src/adapters/rest/codecs/agents.js';
import { CreateCallBody, ListCallsQuery } from '../../../src/adapters/rest/codecs/calls.js';
import { CreateContactBody } from '../../../src/adapters/rest/codecs/contacts.js';
import { UpdateConversationBody } from '../../../src/adapters/rest/codecs/conversations.js';
import { patternOf } from '../../../src/adapters/rest/codecs/described.js';
import { MessageListQuery, SendMessageBody } from '../../../src/adapters/rest/codecs/messages.js';
import { ProvisionNumberBody } from '../../../src/adapters/rest/codecs/numbers.js';
import { SignUpBody, VerifyBody } from '../../../src/adapters/rest/codecs/signup.js';
import { DeliveryStatsQuery, ListDeliveriesQuery } from '../../../src/adapters/rest/codecs/webhooks.js';
import { OPERATIONS, type Operation } from '../../../src/adapters/rest/operations.js';
import { arbitraryOf, fieldNamesOf } from '../../support/codec-arbitrary.js';

type Codec = t.Decoder<unknown, unknown>;

/**
 * Strict: an unknown keyword, a bad pattern or a misplaced one fails to compile. `required`
 * alone in an `anyOf` branch (one of two fields must be there) is fine JSON Schema.
 */
const ajvFor = (options: { coerceTypes?: boolean } = {}) => {
  const ajv = new Ajv2020.default({ strict: true, strictRequired: false, allowUnionTypes: true, ...options });
  addFormats.default(ajv);
  return ajv;
};
const bodies = ajvFor();
/** Query parameters arrive as text: OpenAPI reads their schema after the text is parsed, as ajv's coercion does. */
const queries = ajvFor({ coerceTypes: true });

/** Every codec a REST operation decodes its body or query with: the routes decode with these very ones. */
const CODECS: readonly { readonly label: string; readonly codec: Codec; readonly query: boolean }[] = (
  Object.entries(OPERATIONS) as [string, Operation][]
).flatMap(([id, op]) => [
  ...(op.body ? [{ label: `${id} body`, codec: op.body, query: false }] : []),
  ...(op.query ? [{ label: `${id} query`, codec: op.query, query: true }] : []),
]);

const accepts = (codec: Codec, value: unknown) => E.isRight(codec.decode(value));

/** What can arrive over the wire: a JSON value (no Infinity, no undefined). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/** What a query string holds: the parameters given, as text. */
const asQuery = (value: unknown): unknown =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
    : value;

const validatorOf = (codec: Codec, query: boolean) => (query ? queries : bodies).compile(jsonSchemaOf(codec));

const propertyOf = (schema: JsonSchema, name: string): JsonSchema => {
  const found = schema.properties?.[name];
  if (!found) throw new Error(`no property ${name} in ${JSON.stringify(schema)}`);
  return found;
};

describe('jsonSchemaOf, io-ts combinators', () => {
  it('describes the primitive codecs', () => {
    expect(jsonSchemaOf(t.string)).toEqual({ type: 'string' });
    expect(jsonSchemaOf(t.number)).toEqual({ type: 'number' });
    expect(jsonSchemaOf(t.Int)).toEqual({ type: 'integer' });
    expect(jsonSchemaOf(t.boolean)).toEqual({ type: 'boolean' });
    expect(jsonSchemaOf(t.null)).toEqual({ type: 'null' });
    expect(jsonSchemaOf(t.unknown)).toEqual({});
    expect(jsonSchemaOf(t.UnknownRecord)).toEqual({ type: 'object' });
    expect(jsonSchemaOf(t.UnknownArray)).toEqual({ type: 'array' });
    expect(jsonSchemaOf(t.literal('sms'))).toEqual({ type: 'string', const: 'sms' });
    expect(jsonSchemaOf(t.keyof({ a: null, b: null }))).toEqual({ type: 'string', enum: ['a', 'b'] });
  });

  it('makes a property required unless its codec accepts it missing', () => {
    const codec = t.type({ name: t.string, note: t.union([t.string, t.undefined]) });
    expect(jsonSchemaOf(codec)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, note: { type: 'string' } },
      required: ['name'],
    });
    expect(jsonSchemaOf(t.partial({ a: t.number }))).toEqual({ type: 'object', properties: { a: { type: 'number' } } });
  });

  it('merges an intersection of objects into one object, and keeps allOf otherwise', () => {
    const merged = jsonSchemaOf(t.intersection([t.type({ a: t.string }), t.partial({ b: t.number })]));
    expect(merged).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] });
    const kept = jsonSchemaOf(t.intersection([t.type({ a: t.string }), t.record(t.string, t.string)]));
    expect(kept.allOf).toHaveLength(2);
  });

  it('writes unions of literals as an enum and other unions as anyOf', () => {
    expect(jsonSchemaOf(t.union([t.literal('a'), t.literal('b')]))).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(jsonSchemaOf(t.union([t.string, t.null]))).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(jsonSchemaOf(t.union([t.string, t.undefined]))).toEqual({ type: 'string' });
  });

  it('walks arrays, tuples, records, exact, strict and read-only codecs', () => {
    expect(jsonSchemaOf(t.array(t.string))).toEqual({ type: 'array', items: { type: 'string' } });
    expect(jsonSchemaOf(t.readonlyArray(t.number))).toEqual({ type: 'array', items: { type: 'number' } });
    expect(jsonSchemaOf(t.tuple([t.string, t.number]))).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
      minItems: 2,
      maxItems: 2,
    });
    expect(jsonSchemaOf(t.record(t.string, t.number))).toEqual({ type: 'object', additionalProperties: { type: 'number' } });
    expect(jsonSchemaOf(t.record(t.keyof({ x: null }), t.number))).toEqual({
      type: 'object',
      propertyNames: { type: 'string', enum: ['x'] },
      additionalProperties: { type: 'number' },
    });
    expect(jsonSchemaOf(t.exact(t.type({ a: t.string })))).toEqual(jsonSchemaOf(t.type({ a: t.string })));
    expect(jsonSchemaOf(t.strict({ a: t.string }))).toEqual(jsonSchemaOf(t.type({ a: t.string })));
    expect(jsonSchemaOf(t.readonly(t.type({ a: t.string })))).toEqual(jsonSchemaOf(t.type({ a: t.string })));
  });

  it('closes exact objects when asked (what we send names every key)', () => {
    const codec = t.exact(t.intersection([t.type({ a: t.string }), t.partial({ b: t.number })]));
    expect(jsonSchemaOf(codec).additionalProperties).toBeUndefined();
    const closed = jsonSchemaOf(codec, { closeExactObjects: true });
    expect(closed).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'], additionalProperties: false });
    expect(bodies.compile(closed)({ a: 'x', c: 1 })).toBe(false);
  });

  it('describes a recursive codec once, under $defs', () => {
    interface Tree {
      readonly label: string;
      readonly children: readonly Tree[];
    }
    const Tree: t.Type<Tree> = t.recursion('Tree', () => t.type({ label: t.string, children: t.readonlyArray(Tree) }));
    const schema = standaloneJsonSchemaOf(Tree);
    expect(schema.$ref).toBe('#/$defs/Tree');
    const validate = bodies.compile(schema);
    expect(validate({ label: 'a', children: [{ label: 'b', children: [] }] })).toBe(true);
    expect(validate({ label: 'a', children: [{ label: 1, children: [] }] })).toBe(false);
  });

  it('describes a refinement as its base type: looser, never wrong', () => {
    const positive = t.refinement(t.number, (n) => n > 0, 'Positive');
    expect(jsonSchemaOf(positive)).toEqual({ type: 'number' });
  });

  it('refuses a codec that says nothing about itself, naming it', () => {
    const opaque = new t.Type<string, string, unknown>('opaque thing', t.string.is, t.string.validate, t.identity);
    expect(() => jsonSchemaOf(t.type({ x: opaque }))).toThrow(UndescribableCodec);
    expect(() => jsonSchemaOf(opaque)).toThrow(/opaque thing/);
  });

  it('takes the schema a codec carries under jsonSchema', () => {
    const described = Object.assign(new t.Type<string, string, unknown>('code', t.string.is, t.string.validate, t.identity), {
      jsonSchema: { type: 'string', pattern: '^\\d+$' } as const,
    });
    expect(jsonSchemaOf(t.type({ code: described }))).toEqual({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^\\d+$' } },
      required: ['code'],
    });
  });
});

describe('patternOf', () => {
  it('spells a case-insensitive pattern both ways', () => {
    const pattern = new RegExp(patternOf(/^https?:\/\/\S+$/i), 'u');
    expect(pattern.test('HTTPS://example.com')).toBe(true);
    expect(pattern.test('ftp://example.com')).toBe(false);
  });

  it('refuses what it cannot spell', () => {
    expect(() => patternOf(/^[a-z]+$/i)).toThrow();
    expect(() => patternOf(/a/g)).toThrow();
  });
});

describe('jsonSchemaOf, the REST codecs', () => {
  it.each(CODECS.map((entry) => [entry.label, entry] as const))('%s converts and compiles in the 2020-12 dialect', (_, entry) => {
    const schema = standaloneJsonSchemaOf(entry.codec);
    expect(() => validatorOf(entry.codec, entry.query)).not.toThrow();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('states lengths, formats, patterns, enums and ranges', () => {
    const agent = jsonSchemaOf(CreateAgentBody);
    expect(agent.required).toEqual(['name']);
    expect(propertyOf(agent, 'name')).toEqual({ type: 'string', maxLength: 200 });
    expect(propertyOf(agent, 'voiceMode')).toEqual({ type: 'string', enum: ['webhook', 'hosted'] });
    expect(propertyOf(agent, 'systemPrompt')).toEqual({ anyOf: [{ type: 'string', maxLength: 20_000 }, { type: 'null' }] });

    const contact = jsonSchemaOf(CreateContactBody);
    expect(contact.required).toEqual(['name', 'phoneNumber']);
    expect(propertyOf(contact, 'email').anyOf?.[0]).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });

    expect(propertyOf(jsonSchemaOf(SignUpBody), 'human_email')).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(propertyOf(jsonSchemaOf(ProvisionNumberBody), 'areaCode')).toMatchObject({ type: 'string', pattern: '^\\d{3}$' });
    expect(propertyOf(jsonSchemaOf(ProvisionNumberBody), 'country').enum).toContain('US');

    const message = jsonSchemaOf(SendMessageBody);
    expect(propertyOf(message, 'body')).toEqual({ type: 'string', maxLength: 1600 });
    expect(propertyOf(message, 'media_urls')).toMatchObject({ type: ['array', 'null'], maxItems: 10, items: { format: 'uri', maxLength: 2048 } });

    const list = jsonSchemaOf(MessageListQuery);
    expect(list.required).toBeUndefined();
    expect(propertyOf(list, 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(propertyOf(list, 'before')).toMatchObject({ type: 'string', format: 'date-time' });

    expect(propertyOf(jsonSchemaOf(ListCallsQuery), 'status').enum).toContain('in-progress');
    expect(propertyOf(jsonSchemaOf(DeliveryStatsQuery), 'hours')).toEqual({ type: 'integer', minimum: 1, maximum: 168, default: 24 });
    expect(propertyOf(jsonSchemaOf(ListDeliveriesQuery), 'hours')).toEqual({ type: 'integer', minimum: 1, maximum: 168 });
    expect(propertyOf(jsonSchemaOf(CreateCallBody), 'toNumber')).toMatchObject({ type: 'string' });
    expect(propertyOf(jsonSchemaOf(VerifyBody), 'otp_code').anyOf).toHaveLength(2);
    expect(jsonSchemaOf(UpdateConversationBody).anyOf).toEqual([{ required: ['state'] }, { required: ['metadata'] }]);
  });

  it.each(CODECS.map((entry) => [entry.label, entry] as const))('%s: what the codec accepts, the schema accepts', (_, entry) => {
    const validate = validatorOf(entry.codec, entry.query);
    fc.assert(
      fc.property(arbitraryOf(entry.codec), (generated) => {
        const value = entry.query ? asQuery(generated) : asJson(generated);
        fc.pre(accepts(entry.codec, value));
        // Coercion rewrites its input: the codec has seen it first.
        const copy: unknown = structuredClone(value);
        expect(validate(copy), `${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  /** Body codecs only: a boolean is no field of ours, and text one past its limit is refused. */
  const BODY_CODECS = CODECS.filter((entry) => !entry.query && fieldNamesOf(entry.codec).length > 0);

  it.each(BODY_CODECS.map((entry) => [entry.label, entry] as const))('%s: a field the codec refuses, the schema refuses', (_, entry) => {
    const validate = validatorOf(entry.codec, false);
    const schema = jsonSchemaOf(entry.codec);
    const fields = fieldNamesOf(entry.codec);
    const tooLong = (field: string): unknown => {
      const maxLength = schema.properties?.[field]?.maxLength;
      return maxLength === undefined ? true : 'x'.repeat(maxLength + 1);
    };
    fc.assert(
      fc.property(arbitraryOf(entry.codec), fc.constantFrom(...fields), fc.boolean(), (generated, field, long) => {
        // From a body the codec accepts, so that the one changed field is why it refuses (text
        // the arbitraries make may hold a NUL, which no JSON Schema keyword here rules out).
        fc.pre(accepts(entry.codec, asJson(generated)));
        const value = asJson({ ...(generated as object), [field]: long ? tooLong(field) : true });
        fc.pre(!accepts(entry.codec, value));
        expect(validate(value), JSON.stringify(value)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
