import { describe, expect, it } from 'vitest';
import { BoundedCallMemo } from '../../../../src/application/kernel/bounded-call-memo.js';

describe(BoundedCallMemo.name, () => {
  const aMemo = (most: number, forMs: number) => {
    const clock = { now: 0 };
    return { clock, memo: new BoundedCallMemo<string>(() => clock.now, most, forMs) };
  };

  it('gives what was kept for a call once, with when it was kept', () => {
    const { clock, memo } = aMemo(10, 1000);
    clock.now = 5;
    memo.keep('call_1', 'read');

    expect(memo.take('call_1')).toEqual({ value: 'read', at: 5 });
    expect(memo.take('call_1')).toBeNull();
  });

  it('keeps the latest value of a call in place of the one before', () => {
    const { memo } = aMemo(10, 1000);
    memo.keep('call_1', 'first');
    memo.keep('call_1', 'second');

    expect(memo.take('call_1')?.value).toBe('second');
  });

  it('gives nothing for an entry taken after its age', () => {
    const { clock, memo } = aMemo(10, 1000);
    memo.keep('call_1', 'read');
    clock.now = 1001;

    expect(memo.take('call_1')).toBeNull();
  });

  it('lets the oldest entries go once there are too many, or once they are too old', () => {
    const { clock, memo } = aMemo(2, 1000);
    memo.keep('call_1', 'one');
    memo.keep('call_2', 'two');
    memo.keep('call_3', 'three');

    expect(memo.take('call_1')).toBeNull();
    clock.now = 1500;
    memo.keep('call_4', 'four');
    expect([memo.take('call_2'), memo.take('call_3'), memo.take('call_4')?.value]).toEqual([null, null, 'four']);
  });

  it('forgets everything once cleared', () => {
    const { memo } = aMemo(10, 1000);
    memo.keep('call_1', 'read');
    memo.clear();

    expect(memo.take('call_1')).toBeNull();
  });
});
