import * as t from 'io-ts';

/**
 * A JSON Schema (draft 2020-12) as plain data. Codecs of our own carry one under `jsonSchema`,
 * the property the JSON Schema converter reads, so that the OpenAPI document says what each
 * field accepts (length, format, range, values) from the codec that checks it.
 */
export type SchemaDescription = Readonly<Record<string, unknown>>;

export type Described<C> = C & { readonly jsonSchema: SchemaDescription };

/** `codec`, the same in every way, saying that it accepts what `jsonSchema` describes. */
export const describedAs = <A, O>(codec: t.Type<A, O, unknown>, jsonSchema: SchemaDescription): Described<t.Type<A, O, unknown>> =>
  Object.assign(new t.Type<A, O, unknown>(codec.name, codec.is, codec.validate, codec.encode), { jsonSchema });

/**
 * `codec`, saying what it accepts in terms of the codecs it is built on: `describe` turns each
 * into its JSON Schema (the converter passes itself), so a part is never described twice.
 */
export const describedWith = <A, O>(
  codec: t.Type<A, O, unknown>,
  jsonSchema: (describe: (part: t.Mixed) => SchemaDescription) => SchemaDescription,
): t.Type<A, O, unknown> & { readonly jsonSchema: typeof jsonSchema } =>
  Object.assign(new t.Type<A, O, unknown>(codec.name, codec.is, codec.validate, codec.encode), { jsonSchema });

/** What `codec` says it accepts, if it says. */
export const descriptionOf = (codec: unknown): SchemaDescription | undefined =>
  (codec as { jsonSchema?: SchemaDescription } | null)?.jsonSchema;

/**
 * A regular expression as a JSON Schema `pattern`, which has no flags: a case-insensitive one
 * spells each letter both ways. Letters inside a character class are refused rather than guessed.
 */
export const patternOf = (regex: RegExp): string => {
  const unsupported = regex.flags.replace(/[iu]/g, '');
  if (unsupported) throw new Error(`cannot write /${regex.source}/${regex.flags} as a JSON Schema pattern (flags ${unsupported})`);
  if (!regex.flags.includes('i')) return regex.source;
  let out = '';
  let inClass = false;
  for (let i = 0; i < regex.source.length; i++) {
    const char = regex.source[i]!;
    if (char === '\\') {
      out += char + (regex.source[++i] ?? '');
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    const letter = char.toLowerCase() !== char.toUpperCase();
    if (letter && inClass) throw new Error(`cannot write /${regex.source}/i as a JSON Schema pattern (a letter in a class)`);
    out += letter ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char;
  }
  return out;
};
