import { describe, expect, it } from 'vitest';
import { BoundedMemo } from '../../../../src/adapters/rest/bounded-memo.js';

describe(BoundedMemo.name, () => {
  it('gives back what it kept, and keeps at most its bound: once full, it starts anew', () => {
    const memo = new BoundedMemo<number>(2);

    memo.keep('a', 1);
    memo.keep('b', 2);
    const beforeFull = [memo.get('a'), memo.get('b')];
    memo.keep('c', 3);

    expect(beforeFull).toEqual([1, 2]);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, undefined, 3]);
  });

  it('never keeps a key longer than its longest, yet gives the value back', () => {
    const memo = new BoundedMemo<string>(10, 3);

    expect(memo.keep('long', 'value')).toBe('value');
    expect(memo.get('long')).toBeUndefined();
    expect(memo.keep('ok', 'kept')).toBe('kept');
    expect(memo.get('ok')).toBe('kept');
  });
});
