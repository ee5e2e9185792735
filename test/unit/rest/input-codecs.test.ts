import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { emailAddress } from '../../../src/adapters/rest/codecs/common.js';
import { freeFormObject, jsonProblem } from '../../../src/adapters/rest/codecs/json.js';
import { boundedText, unstorableText } from '../../../src/adapters/rest/codecs/text.js';
import { decode } from '../../../src/adapters/rest/decode.js';

const problems = <A>(codec: t.Decoder<unknown, A>, value: unknown) => {
  const result = decode(codec, value, 'body');
  return E.isLeft(result) && result.left._tag === 'Validation' ? result.left.details : [];
};

describe(unstorableText.name, () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD83D'],
    ['a lone low surrogate', '\uDE00a'],
    ['surrogates in the wrong order', '\uDE00\uD83D'],
  ])('refuses %s', (_, value) => {
    expect(unstorableText(value)).not.toBeNull();
  });

  it.each([
    ['plain text', 'Hello'],
    ['a surrogate pair', '😀 ok'],
    ['other control characters', '\u0001\t\n'],
  ])('accepts %s', (_, value) => {
    expect(unstorableText(value)).toBeNull();
  });
});

describe(boundedText.name, () => {
  const sut = boundedText(5);

  it('accepts a string at the maximum and refuses one over it, saying the maximum', () => {
    expect(sut.decode('12345')).toEqual(E.right('12345'));
    expect(problems(sut, '123456')).toEqual([{ field: 'body', message: 'must be at most 5 characters', type: 'value_error' }]);
  });

  it('reports a wrong type as an expected string, as plain strings did', () => {
    expect(problems(t.type({ name: sut }), { name: 3 })).toEqual([{ field: 'name', message: 'expected string', type: 'type_error' }]);
  });
});

describe('a pattern-checked string', () => {
  it('is measured before its pattern runs', () => {
    expect(problems(emailAddress, `${'a'.repeat(1_000_000)}@example.com`)).toEqual([
      { field: 'body', message: 'must be at most 254 characters', type: 'value_error' },
    ]);
  });
});

describe(jsonProblem.name, () => {
  it('finds a depth of 100,000 levels without recursing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];

    expect(jsonProblem({ field: deep }, 32)).toMatchObject({ kind: 'depth', path: expect.arrayContaining(['field']) });
  });

  it('names the path of a string, and of an object whose key, the database cannot store', () => {
    expect(jsonProblem({ a: [{ b: 'x\u0000' }] }, 32)).toMatchObject({ kind: 'text', path: ['a', '0', 'b'] });
    expect(jsonProblem({ a: { 'k\uD800': 1 } }, 32)).toMatchObject({ kind: 'text', path: ['a'], message: expect.stringContaining('key') });
  });

  it('counts the value itself as the first level', () => {
    expect(jsonProblem({ a: { b: { c: 1 } } }, 3)).toBeNull();
    expect(jsonProblem({ a: { b: { c: {} } } }, 3)).toMatchObject({ kind: 'depth' });
  });
});

describe(freeFormObject.name, () => {
  const sut = freeFormObject({ maxBytes: 100, maxDepth: 3 });

  it('measures the size in bytes of UTF-8 JSON, not in characters', () => {
    expect(E.isRight(sut.decode({ s: 'é'.repeat(40) }))).toBe(true);
    expect(problems(sut, { s: 'é'.repeat(50) })).toEqual([{ field: 'body', message: 'must be at most 100 bytes as JSON', type: 'value_error' }]);
  });

  it('says where inside it the bad text is', () => {
    expect(problems(sut, { a: { b: '\u0000' } })[0]?.message).toContain('(at a.b)');
  });

  it('refuses arrays and scalars', () => {
    expect(problems(sut, [1])[0]?.message).toBe('must be a JSON object');
  });
});
