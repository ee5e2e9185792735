import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { DRAFT_2020_12, type JsonSchema, type JsonType } from './json-schema.js';

export type { JsonSchema, JsonType } from './json-schema.js';
export { DRAFT_2020_12 } from './json-schema.js';

/**
 * A codec of our own (a plain `t.Type`, with no structure to walk) says what it accepts by
 * carrying its JSON Schema under this property. The name is the whole convention: codecs in
 * other adapters set it without importing this module.
 */
export const JSON_SCHEMA_PROPERTY = 'jsonSchema';

/** What a codec is, as far as this module reads it: io-ts's own combinators expose these fields. */
interface Walkable {
  readonly name: string;
  readonly _tag?: string;
  /** Data, or (for a codec built on others) a function given this converter to describe its parts. */
  readonly jsonSchema?: JsonSchema | ((describe: (part: unknown) => JsonSchema) => JsonSchema);
  readonly props?: t.Props;
  readonly types?: readonly Walkable[];
  readonly type?: Walkable;
  readonly value?: string | number | boolean;
  readonly keys?: Readonly<Record<string, unknown>>;
  readonly domain?: Walkable;
  readonly codomain?: Walkable;
  readonly decode: (input: unknown) => E.Either<unknown, unknown>;
}

/** Nothing in JSON: `undefined` and `never`. Members of this kind drop out of unions. */
const NOTHING: JsonSchema = { not: {} };

/** Why a codec cannot be described: thrown, so an undescribed codec fails its test at once. */
export class UndescribableCodec extends Error {
  constructor(readonly codecName: string, reason: string) {
    super(`cannot describe the codec "${codecName}" in JSON Schema: ${reason}`);
    this.name = 'UndescribableCodec';
  }
}

const isNothing = (schema: JsonSchema): boolean => schema.not !== undefined && Object.keys(schema.not).length === 0 && Object.keys(schema).length === 1;

/** A property is optional when its codec accepts it missing: `t.union([x, t.undefined])`, a query parameter with a default. */
const acceptsMissing = (codec: Walkable): boolean => {
  try {
    return E.isRight(codec.decode(undefined));
  } catch {
    return false;
  }
};

const PLAIN_OBJECT_KEYS = new Set(['type', 'properties', 'required']);

/** An object schema with nothing but properties: such intersection members merge into one object. */
const isPlainObject = (schema: JsonSchema): boolean =>
  schema.type === 'object' && Object.keys(schema).every((key) => PLAIN_OBJECT_KEYS.has(key));

const mergeObjects = (schemas: readonly JsonSchema[]): JsonSchema => {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const schema of schemas) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const seen = properties[key];
      properties[key] = seen === undefined ? property : { allOf: [seen, property] };
    }
    for (const key of schema.required ?? []) required.add(key);
  }
  return required.size > 0 ? { type: 'object', properties, required: [...required] } : { type: 'object', properties };
};

const typeOfValue = (value: unknown): JsonType | undefined => {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    default:
      return undefined;
  }
};

/** `{const}` and `{enum}` members of one JSON type fold into one `enum`: what readers show best. */
const enumOf = (members: readonly JsonSchema[]): JsonSchema | null => {
  const values: unknown[] = [];
  for (const member of members) {
    const keys = Object.keys(member).filter((key) => key !== 'type');
    if (keys.length === 1 && keys[0] === 'const') values.push(member.const);
    else if (keys.length === 1 && keys[0] === 'enum') values.push(...member.enum!);
    else return null;
  }
  const types = new Set(values.map(typeOfValue));
  const [only] = types;
  return types.size === 1 && only !== undefined ? { type: only === 'integer' ? 'number' : only, enum: values } : { enum: values };
};

export interface JsonSchemaOptions {
  /**
   * Write exact and strict object codecs with `additionalProperties: false`. Off by default: on
   * input such a codec strips unknown keys rather than refusing them. On for what we send, whose
   * codecs name every key (responses, events), so a stray key shows as an error.
   */
  readonly closeExactObjects?: boolean;
}

class Converter {
  private readonly defs: Record<string, JsonSchema> = {};
  private readonly inProgress = new Set<Walkable>();

  constructor(private readonly options: JsonSchemaOptions) {}

  schemaOf(codec: Walkable): JsonSchema {
    // A codec's own word comes first: it knows what its refinement or its parser accepts.
    if (typeof codec.jsonSchema === 'function') return codec.jsonSchema((part) => this.schemaOf(part as Walkable));
    if (codec.jsonSchema !== undefined) return codec.jsonSchema;
    switch (codec._tag) {
      case 'StringType':
        return { type: 'string' };
      case 'NumberType':
        return { type: 'number' };
      case 'BooleanType':
        return { type: 'boolean' };
      case 'NullType':
        return { type: 'null' };
      case 'UndefinedType':
      case 'VoidType':
      case 'NeverType':
        return NOTHING;
      case 'UnknownType':
      case 'AnyType':
        return {};
      case 'UnknownRecordType':
      case 'AnyDictionaryType':
      case 'ObjectType':
        return { type: 'object' };
      case 'UnknownArrayType':
      case 'AnyArrayType':
        return { type: 'array' };
      case 'LiteralType':
        return { type: typeOfValue(codec.value)!, const: codec.value };
      case 'KeyofType':
        return { type: 'string', enum: Object.keys(codec.keys!) };
      case 'InterfaceType':
        return this.object(codec.props!, true);
      case 'PartialType':
        return this.object(codec.props!, false);
      case 'ExactType':
      case 'StrictType':
        return this.exact(codec.type!);
      case 'ReadonlyType':
        return this.schemaOf(codec.type!);
      case 'ArrayType':
      case 'ReadonlyArrayType':
        return { type: 'array', items: this.schemaOf(codec.type!) };
      case 'TupleType': {
        const items = codec.types!.map((member) => this.schemaOf(member));
        return { type: 'array', prefixItems: items, items: false, minItems: items.length, maxItems: items.length };
      }
      case 'DictionaryType':
        return this.dictionary(codec.domain!, codec.codomain!);
      case 'UnionType':
        return this.union(codec.types!);
      case 'IntersectionType':
        return this.intersection(codec.types!);
      case 'RefinementType':
        return this.refinement(codec);
      case 'RecursiveType':
        return this.recursive(codec);
      case 'FunctionType':
      case 'BigIntType':
        throw new UndescribableCodec(codec.name, 'its values are not JSON');
      default:
        throw new UndescribableCodec(
          codec.name,
          `it is no io-ts combinator and carries no "${JSON_SCHEMA_PROPERTY}" property saying what it accepts`,
        );
    }
  }

  finish(schema: JsonSchema): JsonSchema {
    return Object.keys(this.defs).length > 0 ? { ...schema, $defs: { ...this.defs } } : schema;
  }

  private object(props: t.Props, required: boolean): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const needed: string[] = [];
    for (const [key, codec] of Object.entries(props)) {
      const property = this.schemaOf(codec as unknown as Walkable);
      properties[key] = isNothing(property) ? {} : property;
      if (required && !acceptsMissing(codec as unknown as Walkable)) needed.push(key);
    }
    return needed.length > 0 ? { type: 'object', properties, required: needed } : { type: 'object', properties };
  }

  private exact(inner: Walkable): JsonSchema {
    const schema = this.schemaOf(inner);
    return this.options.closeExactObjects && isPlainObject(schema) ? { ...schema, additionalProperties: false } : schema;
  }

  private dictionary(domain: Walkable, codomain: Walkable): JsonSchema {
    const keys = this.schemaOf(domain);
    const values = this.schemaOf(codomain);
    const open = keys.type === 'string' && Object.keys(keys).length === 1;
    return open ? { type: 'object', additionalProperties: values } : { type: 'object', propertyNames: keys, additionalProperties: values };
  }

  private union(types: readonly Walkable[]): JsonSchema {
    const members = types
      .map((member) => this.schemaOf(member))
      .filter((schema) => !isNothing(schema))
      .flatMap((schema) => (Object.keys(schema).length === 1 && schema.anyOf ? schema.anyOf : [schema]));
    if (members.length === 0) return NOTHING;
    if (members.length === 1) return members[0]!;
    return enumOf(members) ?? { anyOf: members };
  }

  private intersection(types: readonly Walkable[]): JsonSchema {
    const members = types.map((member) => this.schemaOf(member));
    return members.every(isPlainObject) ? mergeObjects(members) : { allOf: members };
  }

  /** The predicate of a refinement is code, so the schema is its base type's (looser, never wrong); `t.Int` is known. */
  private refinement(codec: Walkable): JsonSchema {
    const base = this.schemaOf(codec.type!);
    return codec.name === 'Int' && base.type === 'number' ? { ...base, type: 'integer' } : base;
  }

  /** A recursive codec is described once under `$defs`; each use of it inside refers there. */
  private recursive(codec: Walkable): JsonSchema {
    const ref: JsonSchema = { $ref: `#/$defs/${encodeURIComponent(codec.name)}` };
    if (this.inProgress.has(codec) || this.defs[codec.name] !== undefined) return ref;
    this.inProgress.add(codec);
    this.defs[codec.name] = this.schemaOf(codec.type!);
    this.inProgress.delete(codec);
    return ref;
  }
}

/**
 * The JSON Schema (draft 2020-12) of what `codec` accepts on the wire: its input side (`I`), as
 * a client sends it. io-ts combinators are walked by their `_tag`; our own codecs carry their
 * schema under {@link JSON_SCHEMA_PROPERTY}. A property is required unless its codec accepts
 * it missing. Refinements without a schema of their own come out as their base type: the
 * schema may accept more than the codec, never less.
 */
export const jsonSchemaOf = (codec: t.Decoder<unknown, unknown>, options: JsonSchemaOptions = {}): JsonSchema => {
  const converter = new Converter(options);
  return converter.finish(converter.schemaOf(codec as unknown as Walkable));
};

/** The same, as a document of its own: with `$schema` naming the dialect. */
export const standaloneJsonSchemaOf = (codec: t.Decoder<unknown, unknown>, options: JsonSchemaOptions = {}): JsonSchema => ({
  $schema: DRAFT_2020_12,
  ...jsonSchemaOf(codec, options),
});
