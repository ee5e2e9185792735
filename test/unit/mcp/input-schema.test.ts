import { describe, expect, it } from 'vitest';
import { flattenedInputSchema } from '../../../src/adapters/mcp/input-schema.js';

const id = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
const body = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] };

describe(flattenedInputSchema.name, () => {
  it('merges an allOf of object schemas into one object with every property at the top', () => {
    expect(flattenedInputSchema({ allOf: [id, body] })).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, a: { type: 'string' }, b: { type: 'string' } },
      required: ['id'],
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    });
  });

  it('leaves alone what it cannot merge without changing its meaning', () => {
    const twice = { allOf: [id, { type: 'object', properties: { id: { type: 'number' } } }] };
    const twoAnyOfs = { allOf: [body, { ...body, properties: { c: { type: 'string' } } }] };
    const notObjects = { allOf: [id, { type: 'string' }] };
    const plain = { type: 'object', properties: {} };
    for (const schema of [twice, twoAnyOfs, notObjects, plain]) expect(flattenedInputSchema(schema)).toBe(schema);
  });
});
