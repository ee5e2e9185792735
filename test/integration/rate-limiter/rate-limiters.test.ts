import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../../src/adapters/rate-limiter-flexible/memory-rate-limiter.js';
import { PostgresRateLimiter } from '../../../src/adapters/rate-limiter-flexible/postgres-rate-limiter.js';
import { DependencyUnavailable } from '../../../src/application/ports/dependency-unavailable.js';
import type { RateLimiter, RateRule } from '../../../src/application/ports/rate-limiter.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratch-database.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';

const rule = (points: number, windowSeconds = 60, name = 'requests per API key'): RateRule => ({ name, points, windowSeconds });
const unique = () => `k_${randomBytes(6).toString('hex')}`;

/** What every RateLimiter adapter does. */
const rateLimiterContract = (name: string, open: () => Promise<RateLimiter & { close?: () => Promise<void> }>) => {
  describe(`${name} rate limiter`, () => {
    let sut: RateLimiter & { close?: () => Promise<void> };
    beforeAll(async () => {
      sut = await open();
    });
    afterAll(async () => {
      await sut?.close?.();
    });

    it('allows the rule’s points in a window, then refuses with when to retry', async () => {
      const key = unique();
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await sut.consume(key, rule(3, 10)));

      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[0]).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 3, windowSeconds: 10 });
      expect(decisions[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(10);
    });

    it('counts each key on its own', async () => {
      const [a, b] = [unique(), unique()];
      await sut.consume(a, rule(1));

      expect((await sut.consume(a, rule(1))).allowed).toBe(false);
      expect((await sut.consume(b, rule(1))).allowed).toBe(true);
    });

    it('counts each rule on its own for the same key', async () => {
      const key = unique();
      await sut.consume(key, rule(1, 60, 'sign-ups per e-mail address'));

      expect((await sut.consume(key, rule(1, 60, 'sign-ups per client IP'))).allowed).toBe(true);
    });

    it('peeks without counting: open until the window’s points are spent, then refused with when to retry', async () => {
      const key = unique();
      const fresh = await sut.peek(key, rule(2, 10));
      for (let i = 0; i < 5; i++) await sut.peek(key, rule(2, 10));
      const consumed = [await sut.consume(key, rule(2, 10)), await sut.consume(key, rule(2, 10))];
      const spent = await sut.peek(key, rule(2, 10));

      expect(fresh).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 2, windowSeconds: 10 });
      expect(consumed.map((d) => d.allowed)).toEqual([true, true]);
      expect(spent.allowed).toBe(false);
      expect(spent.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(spent.retryAfterSeconds).toBeLessThanOrEqual(10);
      expect((await sut.peek(unique(), rule(2, 10))).allowed).toBe(true);
    });

    it('opens a new window once the old one has passed', async () => {
      const key = unique();
      await sut.consume(key, rule(1, 1));
      expect((await sut.consume(key, rule(1, 1))).allowed).toBe(false);

      await new Promise((resolve) => setTimeout(resolve, 1100));

      expect((await sut.consume(key, rule(1, 1))).allowed).toBe(true);
    });
  });
};

rateLimiterContract('in-memory', async () => new MemoryRateLimiter());

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL rate limiter', () => {
  // Set in this beforeAll, which vitest runs before the nested contract suite's own, so no reader sees it unset.
  let scratch: ScratchDatabase | undefined;
  let url: string;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'sb_rl');
    url = scratch.url;
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  rateLimiterContract('PostgreSQL', () => PostgresRateLimiter.open({ databaseUrl: url }));

  it('creates its table and shares counts between nodes', async () => {
    const nodeA = await PostgresRateLimiter.open({ databaseUrl: url });
    const nodeB = await PostgresRateLimiter.open({ databaseUrl: url });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const key = unique();
      await nodeA.consume(key, rule(2));
      await nodeB.consume(key, rule(2));

      expect((await nodeA.consume(key, rule(2))).allowed).toBe(false);
      const { rows } = await client.query(`select key, points from rate_limits where key like $1`, [`%${key}`]);
      expect(rows).toEqual([{ key: expect.stringContaining(key), points: 3 }]);
    } finally {
      await client.end();
      await nodeA.close();
      await nodeB.close();
    }
  });

  it('is what a Switchboard on DATABASE_URL limits /v1 requests with', async () => {
    const sut = createSwitchboard({ env: { DATABASE_URL: url, RATE_LIMIT: '2/1m' }, logger: silentLogger() });
    try {
      await sut.start();
      const created = await sut.useCases().projects.createProject.execute({ email: trustMailbox(`${unique()}@example.com`) })();
      if (created._tag === 'Left') throw new Error(created.left._tag);
      const get = () =>
        sut.fetch(new Request('http://sb/v1/agents', { headers: { authorization: `Bearer ${created.right.apiKey.clear}` } }));

      const statuses = [(await get()).status, (await get()).status, (await get()).status];

      expect(statuses).toEqual([200, 200, 429]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(`select key from rate_limits where key like $1`, [`%key:${created.right.apiKey.key.id}`]);
      await client.end();
      expect(rows).toHaveLength(1);
    } finally {
      await sut.close();
    }
  });

  it('reports a store it cannot reach as DependencyUnavailable', async () => {
    const sut = await PostgresRateLimiter.open({ databaseUrl: url });
    await sut.close(); // the pool is gone, as a dead database's would be

    await expect(sut.consume(unique(), rule(5))).rejects.toBeInstanceOf(DependencyUnavailable);
  });
});
