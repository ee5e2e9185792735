import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { CreateAgentBody, toAgentChanges, toAgentFields, UpdateAgentBody } from '../../../src/adapters/rest/codecs/agents.js';
import { ProvisionNumberBody, toProvisionInput } from '../../../src/adapters/rest/codecs/numbers.js';
import { anyPhoneNumber, clearableNorthAmericanNumber, northAmericanNumber } from '../../../src/adapters/rest/codecs/phone.js';
import { decode, reportProblems } from '../../../src/adapters/rest/decode.js';
import { pageQuery } from '../../../src/adapters/rest/pagination.js';

const problems = <A>(codec: t.Decoder<unknown, A>, value: unknown) => {
  const result = decode(codec, value, 'body');
  return E.isLeft(result) && result.left._tag === 'Validation' ? result.left.details : [];
};

describe(reportProblems.name, () => {
  it('reports a missing required field as missing, once', () => {
    expect(problems(CreateAgentBody, {})).toEqual([{ field: 'name', message: 'field required', type: 'missing' }]);
  });

  it('reports a wrong type by the codec name, without union member indexes in the field', () => {
    expect(problems(CreateAgentBody, { name: 'A', description: 3 })).toEqual([
      { field: 'description', message: 'expected string or null', type: 'type_error' },
    ]);
  });

  it('reports a non-object body on the body itself', () => {
    expect(problems(UpdateAgentBody, 'text')).toEqual([{ field: 'body', message: 'must be a JSON object', type: 'type_error' }]);
  });

  it('prefers the codec message over sibling union failures', () => {
    expect(problems(UpdateAgentBody, { transferNumber: 'x' })).toEqual([
      { field: 'transferNumber', message: 'must be a valid US or Canadian phone number in E.164 form', type: 'value_error' },
    ]);
  });
});

describe('phone codecs', () => {
  it.each([
    ['(415) 555-0100', '+14155550100'],
    ['+1 604 555 0100', '+16045550100'],
    ['+44 20 7183 8750', '+442071838750'],
  ])('anyPhoneNumber reads %s as %s', (input, expected) => {
    expect(anyPhoneNumber.decode(input)).toEqual(E.right(expected));
  });

  it.each(['+442071838750', '+18765550100', '555', ''])('northAmericanNumber refuses %s', (input) => {
    expect(E.isLeft(northAmericanNumber.decode(input))).toBe(true);
  });

  it('clearableNorthAmericanNumber reads "" and null as a clear', () => {
    expect(clearableNorthAmericanNumber.decode('')).toEqual(E.right(null));
    expect(clearableNorthAmericanNumber.decode(null)).toEqual(E.right(null));
  });
});

describe(toAgentChanges.name, () => {
  it('takes beginMessage as greeting and drops unknown fields', () => {
    const body = { beginMessage: 'Hi', other: 1 } as t.TypeOf<typeof UpdateAgentBody>;

    const sut = toAgentChanges(body);

    expect(E.isRight(sut) && sut.right.greeting).toBe('Hi');
    expect(E.isRight(sut) && Object.keys(sut.right)).not.toContain('other');
  });

  it('refuses greeting and beginMessage that disagree, naming beginMessage', () => {
    const sut = toAgentFields({ name: 'A', greeting: 'a', beginMessage: 'b' });

    expect(sut).toEqual(E.left(expect.objectContaining({ _tag: 'Validation', details: [expect.objectContaining({ field: 'beginMessage' })] })));
  });
});

describe(toProvisionInput.name, () => {
  it('defaults to a US number anywhere and normalises the country case', () => {
    const body = ProvisionNumberBody.decode({ country: 'ca' });

    expect(E.isRight(body) && toProvisionInput('proj_1', body.right)).toEqual({
      projectId: 'proj_1',
      country: 'CA',
      areaCode: null,
      agentId: null,
    });
    expect(toProvisionInput('p', {}).country).toBe('US');
  });
});

describe(pageQuery.name, () => {
  const sut = pageQuery({ defaultLimit: 50, maxLimit: 200 });

  it('applies the defaults', () => {
    expect(sut.decode({})).toEqual(E.right({ limit: 50, offset: 0 }));
  });

  it('reads whole numbers within range', () => {
    expect(sut.decode({ limit: '200', offset: '10' })).toEqual(E.right({ limit: 200, offset: 10 }));
  });

  it.each([{ limit: '201' }, { limit: '0' }, { limit: '2.5' }, { limit: '' }, { offset: '-1' }])('refuses %o', (query) => {
    expect(E.isLeft(sut.decode(query))).toBe(true);
  });
});
