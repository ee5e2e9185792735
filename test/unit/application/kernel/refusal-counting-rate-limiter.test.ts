import { describe, expect, it } from 'vitest';
import { InMemoryServiceActivity } from '../../../../src/adapters/memory/in-memory-service-activity.js';
import { MemoryRateLimiter } from '../../../../src/adapters/rate-limiter-flexible/memory-rate-limiter.js';
import { countingRefusals } from '../../../../src/application/kernel/refusal-counting-rate-limiter.js';

const RULE = { name: 'requests per API key', points: 2, windowSeconds: 60 };

describe(countingRefusals.name, () => {
  it('reports each refusal by its rule, and nothing for what it lets through', async () => {
    const activity = new InMemoryServiceActivity();
    const sut = countingRefusals(new MemoryRateLimiter(), activity);

    const decisions = [await sut.consume('key:a', RULE), await sut.consume('key:a', RULE), await sut.consume('key:a', RULE), await sut.peek('key:a', RULE)];

    expect(decisions.map((d) => d.allowed)).toEqual([true, true, false, false]);
    expect(activity.of('rateLimited')).toEqual([
      { type: 'rateLimited', rule: 'requests per API key' },
      { type: 'rateLimited', rule: 'requests per API key' },
    ]);
  });
});
