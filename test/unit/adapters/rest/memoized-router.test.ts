import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { MemoizedRouter } from '../../../../src/adapters/rest/memoized-router.js';

/** Hono's TrieRouter, counting the matches it makes. */
class CountingRouter<T> implements Router<T> {
  readonly name = 'counting';
  matches = 0;
  private readonly inner = new TrieRouter<T>();
  add(method: string, path: string, handler: T): void {
    this.inner.add(method, path, handler);
  }
  match(method: string, path: string): Result<T> {
    this.matches++;
    return this.inner.match(method, path);
  }
}

/** The handlers a match gives, with their parameters. */
const handlersOf = (result: Result<string>) => result[0].map(([handler, params]) => [handler, params]);

const routed = () => {
  const counting = new CountingRouter<string>();
  const router = new MemoizedRouter(counting);
  router.add('ALL', '/v1/*', 'authenticate');
  router.add('GET', '/v1/agents/voices', 'voices');
  router.add('GET', '/v1/agents/:id', 'agent');
  return { router, counting };
};

describe(MemoizedRouter.name, () => {
  it('matches as the router it keeps for, parameters included', () => {
    const { router } = routed();
    const plain = new TrieRouter<string>();
    for (const [method, path, handler] of [['ALL', '/v1/*', 'authenticate'], ['GET', '/v1/agents/voices', 'voices'], ['GET', '/v1/agents/:id', 'agent']] as const) {
      plain.add(method, path, handler);
    }

    for (const path of ['/v1/agents/voices', '/v1/agents/agt_1', '/v1/agents/agt_1', '/elsewhere']) {
      expect(handlersOf(router.match('GET', path))).toEqual(handlersOf(plain.match('GET', path)));
    }
    expect(handlersOf(router.match('GET', '/v1/agents/agt_1'))).toEqual([
      ['authenticate', {}],
      ['agent', { id: 'agt_1' }],
    ]);
  });

  it('matches a method and path once, and gives that match again', () => {
    const { router, counting } = routed();

    const first = router.match('GET', '/v1/agents/agt_1');
    const again = router.match('GET', '/v1/agents/agt_1');
    router.match('DELETE', '/v1/agents/agt_1');
    router.match('GET', '/v1/agents/agt_2');

    expect(again).toBe(first);
    expect(counting.matches).toBe(3);
  });

  it('keeps at most 1,024 matches, and none of a path over 256 characters', () => {
    const { router, counting } = routed();
    const long = `/v1/agents/${'a'.repeat(250)}`;

    for (let i = 0; i < 1025; i++) router.match('GET', `/v1/agents/agt_${i}`);
    const afterFilling = counting.matches;
    router.match('GET', '/v1/agents/agt_1024');
    router.match('GET', '/v1/agents/agt_0');
    router.match('GET', long);
    router.match('GET', long);

    expect(afterFilling).toBe(1025);
    // The 1,025th was kept in a memo begun anew; the first had been forgotten with the rest.
    expect(counting.matches).toBe(1025 + 1 + 2);
  });

  it('forgets its matches when a route is added', () => {
    const { router } = routed();
    router.match('GET', '/v1/agents/agt_1');

    router.add('GET', '/v1/agents/agt_1', 'exact');

    expect(handlersOf(router.match('GET', '/v1/agents/agt_1')).map(([handler]) => handler)).toContain('exact');
  });
});
