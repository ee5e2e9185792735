import * as t from 'io-ts';
import { integerParam, pageQuery } from '../pagination.js';
import { describedAs } from './described.js';
import { freeFormObject } from './json.js';

export const CONVERSATION_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });

export const ConversationDetailQuery = t.type({ message_limit: integerParam(1, 100, 50) });

const stateObject = freeFormObject();

/** JSON text with object keys sorted: equal values, whatever the key order, compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

type State = Record<string, unknown> | null;

/**
 * `PATCH /v1/conversations/{id}`: `{state}` or its alias `{metadata}`, an object (within the
 * limits of free-form JSON) or null. Both with different values is a contradiction the client
 * must resolve (422).
 */
export const UpdateConversationBody = describedAs(
  new t.Type<{ state: State }, unknown, unknown>(
    'conversation state',
    (u): u is { state: State } => typeof u === 'object' && u !== null && 'state' in u,
    (u, c) => {
      if (typeof u !== 'object' || u === null || Array.isArray(u)) return t.failure(u, c);
      const body = u as Record<string, unknown>;
      const given = (['state', 'metadata'] as const).filter((key) => body[key] !== undefined);
      if (given.length === 0) {
        return t.failure(undefined, [...c, { key: 'state', type: t.UnknownRecord, actual: undefined }]);
      }
      for (const key of given) {
        const value = body[key];
        const context = [...c, { key, type: stateObject, actual: value }];
        if (typeof value !== 'object' || Array.isArray(value)) return t.failure(value, context, 'must be a JSON object or null');
        const checked = value === null ? t.success(value) : stateObject.validate(value, context);
        if (checked._tag === 'Left') return checked;
      }
      if (given.length === 2 && canonical(body.state) !== canonical(body.metadata)) {
        return t.failure(body.metadata, [...c, { key: 'metadata', type: t.UnknownRecord, actual: body.metadata }], 'must equal state when both are given (metadata is an alias of state)');
      }
      return t.success({ state: body[given[0]!] as State });
    },
    (a) => a,
  ),
  {
    type: 'object',
    properties: {
      state: { anyOf: [stateObject.jsonSchema, { type: 'null' }] },
      metadata: { anyOf: [stateObject.jsonSchema, { type: 'null' }], description: 'An alias of state: send either; both only if equal.' },
    },
    anyOf: [{ required: ['state'] }, { required: ['metadata'] }],
  },
);
