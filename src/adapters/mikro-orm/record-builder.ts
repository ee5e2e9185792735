/** Makes a record (column name → value) of one row's values, in the statement's column order. */
export type RecordBuilder = (values: ArrayLike<unknown>) => Record<string, unknown>;

const builders = new Map<string, RecordBuilder>();

/**
 * The record builder of a statement whose columns are `names`, compiled once per list of names
 * into one object literal. A driver that adds each column to an empty object with a keyed store
 * turns a wide row into a dictionary (V8 stops giving such an object a fixed shape after a few
 * properties), and reading dictionaries was the driver's main cost for a page of agents.
 * The names come from statements written in code (a bounded set) and are written as JSON
 * string literals; as with keyed stores, the last of two columns of one name wins.
 */
export const recordBuilderFor = (names: readonly string[]): RecordBuilder => {
  const key = names.join('\u0000');
  const known = builders.get(key);
  if (known) return known;
  const builder: RecordBuilder = names.includes('__proto__')
    ? (values) => {
        const record: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) Object.defineProperty(record, names[i]!, { value: values[i], enumerable: true, writable: true, configurable: true });
        return record;
      }
    : (new Function('values', `return { ${names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ')} };`) as RecordBuilder);
  builders.set(key, builder);
  return builder;
};
