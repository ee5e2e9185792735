type Schema = Record<string, unknown>;

const MERGEABLE = new Set(['type', 'properties', 'required', 'anyOf', 'description']);

const isObjectSchema = (member: unknown): member is Schema =>
  typeof member === 'object' && member !== null && (member as Schema).type === 'object' && Object.keys(member).every((key) => MERGEABLE.has(key));

/**
 * A tool's input schema as one object with its properties at the top: several clients (and the
 * models behind them) read only top-level `properties`, so an `allOf` of object schemas (an id
 * beside a REST body with rules of its own) is merged into one, when at most one member has an
 * `anyOf` and no property is declared twice. Anything else is left as the converter wrote it.
 */
export const flattenedInputSchema = (schema: Schema): Schema => {
  const members = schema.allOf;
  if (!Array.isArray(members) || Object.keys(schema).some((key) => key !== 'allOf') || !members.every(isObjectSchema)) return schema;
  const names = members.flatMap((member) => Object.keys((member.properties as Schema | undefined) ?? {}));
  const withAnyOf = members.filter((member) => member.anyOf !== undefined);
  if (new Set(names).size !== names.length || withAnyOf.length > 1) return schema;
  const required = members.flatMap((member) => (member.required as string[] | undefined) ?? []);
  return {
    type: 'object',
    properties: Object.assign({}, ...members.map((member) => member.properties ?? {})) as Schema,
    ...(required.length ? { required } : {}),
    ...(withAnyOf[0] ? { anyOf: withAnyOf[0].anyOf } : {}),
  };
};
