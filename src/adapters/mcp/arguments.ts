import * as t from 'io-ts';
import type { ToolArguments } from './tool.js';

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const renamed = (props: t.Props): t.Props => Object.fromEntries(Object.entries(props).map(([key, codec]) => [snake(key), codec]));

/**
 * The same object codec with snake_case keys (`agentId` → `agent_id`), each field keeping its
 * codec: MCP tools speak snake_case, as AgentPhone's do, while REST bodies are camelCase.
 */
export const snakeCasedCodec = (codec: t.Mixed): t.Mixed => {
  if (codec instanceof t.InterfaceType) return t.type(renamed(codec.props as t.Props));
  if (codec instanceof t.PartialType) return t.partial(renamed(codec.props as t.Props));
  if (codec instanceof t.IntersectionType) {
    const members = (codec.types as t.Mixed[]).map(snakeCasedCodec);
    return t.intersection(members as unknown as [t.Mixed, t.Mixed]);
  }
  throw new Error(`${codec.name} is not an object codec (type, partial or intersection)`);
};

const camelKeys = (value: unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, field]) => [camel(key), field]));

/** A REST body codec as a tool's snake_case arguments; the decoded value is the REST body again. */
export const snakeCased = <C extends t.Mixed>(codec: C): ToolArguments<t.TypeOf<C>> => ({
  codec: snakeCasedCodec(codec),
  read: (decoded) => camelKeys(decoded) as t.TypeOf<C>,
  argumentOf: snakeCasedField,
});

/** A body field's path with its top-level key as the tool's argument (`fromNumberId.x` → `from_number_id.x`); nested keys keep their names, as the codec does. */
export const snakeCasedField = (field: string): string => {
  const [top = '', ...rest] = field.split('.');
  return /^[a-z][A-Za-z0-9]*$/.test(top) ? [snake(top), ...rest].join('.') : field;
};

/** Arguments whose codec already speaks the tool's names. */
export const asIs = <C extends t.Mixed>(codec: C): ToolArguments<t.TypeOf<C>> => ({ codec, read: (decoded) => decoded as t.TypeOf<C> });

/** A REST query-string codec as a tool's arguments (see `fromQueryString`). */
export const queryString = <C extends t.Mixed>(codec: C): ToolArguments<t.TypeOf<C>> => ({ ...asIs(codec), fromQueryString: true });

/** No arguments at all. */
export const none: ToolArguments<Record<string, never>> = asIs(t.type({}));

/** JSON numbers and booleans as the text a query string would carry; everything else as it is. */
export const asQueryString = (args: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, typeof value === 'number' || typeof value === 'boolean' ? String(value) : value]),
  );

/**
 * The top-level argument names an object codec takes; null for a codec of another shape, whose
 * arguments are not listed (nothing is refused then).
 */
export const argumentNamesOf = (codec: t.Mixed): ReadonlySet<string> | null => {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return new Set(Object.keys(codec.props as t.Props));
  if (codec instanceof t.ExactType || codec instanceof t.RefinementType || codec instanceof t.ReadonlyType) return argumentNamesOf(codec.type as t.Mixed);
  if (codec instanceof t.IntersectionType) {
    const members = (codec.types as t.Mixed[]).map(argumentNamesOf);
    return members.every((names): names is ReadonlySet<string> => names !== null) ? new Set(members.flatMap((names) => [...names])) : null;
  }
  return null;
};
