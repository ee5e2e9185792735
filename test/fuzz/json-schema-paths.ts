/** Keys and array indexes leading to one value inside a JSON value. */
export type ValuePath = readonly (string | number)[];

type JsonSchema = Readonly<Record<string, unknown>>;

const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);

const typesOf = (schema: JsonSchema): unknown[] => [schema.type].flat();

/**
 * Every place a JSON Schema lets a string go: fields, array items (as item 0), values of
 * free-form maps and objects (under a key of the test's own), through `anyOf`, `oneOf`, `allOf`.
 */
export const jsonSchemaStringPaths = (schema: JsonSchema, at: ValuePath = []): ValuePath[] => {
  const properties = Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {});
  const extra = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : null;
  const freeForm = typesOf(schema).includes('object') && properties.length === 0 && extra === null;
  const found = [
    ...(typesOf(schema).includes('string') || freeForm ? [freeForm ? [...at, 'note'] : at] : []),
    ...[...asSchemas(schema.anyOf), ...asSchemas(schema.oneOf), ...asSchemas(schema.allOf)].flatMap((member) => jsonSchemaStringPaths(member, at)),
    ...properties.flatMap(([key, property]) => jsonSchemaStringPaths(property, [...at, key])),
    ...(typeof schema.items === 'object' ? jsonSchemaStringPaths(schema.items as JsonSchema, [...at, 0]) : []),
    ...(extra ? jsonSchemaStringPaths(extra, [...at, 'key']) : []),
  ];
  const seen = new Set<string>();
  return found.filter((path) => !seen.has(JSON.stringify(path)) && seen.add(JSON.stringify(path)));
};

/** `value` with `leaf` put at `path`, the objects and arrays on the way made where they are missing. */
export const withValueAt = (value: unknown, path: ValuePath, leaf: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (typeof head === 'number') {
    const array = Array.isArray(value) ? [...(value as unknown[])] : [];
    array[head] = withValueAt(array[head], rest, leaf);
    return array;
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head] = withValueAt(object[head], rest, leaf);
  return object;
};
