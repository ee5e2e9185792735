import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRateLimiter } from '../../../src/adapters/rate-limiter-flexible/memory-rate-limiter.js';
import { PostgresRateLimiter } from '../../../src/adapters/postgres-rate-limits/postgres-rate-limiter.js';
import { migrate } from '../../../src/adapters/mikro-orm/database.js';
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
  let client: pg.Client;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'sb_rl');
    url = scratch.url;
    await migrate({ databaseUrl: url, dataDir: '/nonexistent' }); // the limiter's table comes with the migrations
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  const opened: PostgresRateLimiter[] = [];
  const node = async (options: { tableName?: string; now?: () => number } = {}) => {
    const limiter = await PostgresRateLimiter.open({ databaseUrl: url, ...options });
    opened.push(limiter);
    return limiter;
  };
  afterEach(async () => {
    for (const limiter of opened.splice(0)) await limiter.close();
  });

  /** The stored points of the key's windows (the rule-prefixed key ends with the caller's key). */
  const stored = async (key: string, table = 'rate_limit_windows') =>
    (await client.query<{ points: number }>(`select points from ${table} where key like $1 order by window_end`, [`%:${key}`])).rows.map((row) => row.points);

  const admitted = async (limiter: RateLimiter, key: string, count: number, r: RateRule) => {
    const decisions = await Promise.all(Array.from({ length: count }, () => limiter.consume(key, r)));
    return decisions.filter((decision) => decision.allowed).length;
  };

  rateLimiterContract('PostgreSQL', () => PostgresRateLimiter.open({ databaseUrl: url }));

  it('shares counts between nodes at each sync; a key spent on one node is refused by another’s peek', async () => {
    const [nodeA, nodeB] = [await node(), await node()];
    const key = unique();
    expect((await nodeA.consume(key, rule(2))).allowed).toBe(true);
    expect((await nodeB.consume(key, rule(2))).allowed).toBe(true);
    await nodeA.sync(); // stores 1: A knows of its own point only
    await nodeB.sync(); // stores 2: B knows of both

    expect(await stored(key)).toEqual([2]);
    expect((await nodeB.consume(key, rule(2))).allowed).toBe(false);
    await nodeA.sync(); // learns that the key is spent
    expect((await nodeA.consume(key, rule(2))).allowed).toBe(false);
    expect((await nodeA.peek(key, rule(2))).allowed).toBe(false);

    // Failed keys of one client, all counted on node A: node B's peek refuses the client once B has synced.
    const ip = unique();
    for (let i = 0; i < 3; i++) await nodeA.consume(ip, rule(3, 600, 'refused keys per client IP'));
    await nodeA.sync();
    expect((await nodeB.peek(ip, rule(3, 600, 'refused keys per client IP'))).allowed).toBe(true);
    await nodeB.sync();

    const refused = await nodeB.peek(ip, rule(3, 600, 'refused keys per client IP'));
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect((await nodeB.consume(ip, rule(3, 600, 'refused keys per client IP'))).allowed).toBe(false);
    // The same key under another rule is not spent.
    expect((await nodeB.peek(ip, rule(3, 600, 'sign-ups per client IP'))).allowed).toBe(true);
  });

  it('never admits more than the points on one node, however many consume at once and whenever it syncs', async () => {
    const sut = await node();
    const key = unique();
    const r = rule(50);
    const decisions = await Promise.all([
      ...Array.from({ length: 60 }, () => sut.consume(key, r)),
      sut.sync(),
      ...Array.from({ length: 60 }, () => sut.consume(key, r)),
      sut.sync(),
      ...Array.from({ length: 60 }, () => sut.consume(key, r)),
    ]);
    await sut.sync();

    expect(decisions.filter((decision) => decision !== undefined && decision.allowed)).toHaveLength(50);
    expect(await stored(key)).toEqual([50]);
  });

  it('admits, over nodes, at most the points plus what each admits between two of its syncs (the documented bound)', async () => {
    // Each node admits, between two of its syncs, at most the points minus the total it last saw.
    const [nodeA, nodeB] = [await node(), await node()];
    const key = unique();
    const r = rule(10);
    expect(await admitted(nodeA, key, 3, r)).toBe(3);
    expect(await admitted(nodeB, key, 3, r)).toBe(3);
    await nodeA.sync();
    await nodeB.sync(); // B has seen 6; A has seen its own 3 only

    // One unsynced interval: A may still admit 10 − 3, B 10 − 6.
    const a = await admitted(nodeA, key, 20, r);
    const b = await admitted(nodeB, key, 20, r);
    expect([a, b]).toEqual([7, 4]);
    await nodeA.sync();
    await nodeB.sync();

    expect(await stored(key)).toEqual([6 + a + b]); // 17: the points, and 7 over (A's interval and B's overlapping)
    expect(await admitted(nodeA, key, 5, r)).toBe(0);
    expect(await admitted(nodeB, key, 5, r)).toBe(0);
  });

  it('keeps points that could not be sent, decides from local counts meanwhile, and sends them when the store answers', async () => {
    const table = `rl_flaky_${randomBytes(4).toString('hex')}`;
    await client.query(`create table ${table} (like rate_limit_windows including all)`);
    const sut = await node({ tableName: table });
    const key = unique();
    await sut.consume(key, rule(5));
    await client.query(`alter table ${table} rename to ${table}_away`);

    await expect(sut.sync()).rejects.toBeInstanceOf(DependencyUnavailable);
    expect(await admitted(sut, key, 3, rule(5))).toBe(3);
    await expect(sut.sync()).rejects.toBeInstanceOf(DependencyUnavailable);
    await client.query(`alter table ${table}_away rename to ${table}`);
    await sut.sync();

    expect(await stored(key, table)).toEqual([4]);
    expect(await admitted(sut, key, 3, rule(5))).toBe(1);
  });

  it('shares its counts on its own, every syncIntervalMs while it has counted anything', async () => {
    const sut = await PostgresRateLimiter.open({ databaseUrl: url, syncIntervalMs: 5 });
    opened.push(sut);
    const key = unique();
    await sut.consume(key, rule(5));
    await sut.consume(key, rule(5));

    await vi.waitFor(async () => expect(await stored(key)).toEqual([2]), { timeout: 2000, interval: 5 });
  });

  it('sends its pending points when closed', async () => {
    const sut = await PostgresRateLimiter.open({ databaseUrl: url, syncIntervalMs: 60_000 });
    const key = unique();
    for (let i = 0; i < 3; i++) await sut.consume(key, rule(5));

    await sut.close();

    expect(await stored(key)).toEqual([3]);
  });

  it('forgets a window that has ended: its unsent points are not sent, and the next window starts empty', async () => {
    let now = Date.UTC(2030, 0, 1, 0, 0, 30);
    const sut = await node({ now: () => now });
    const key = unique();
    expect(await admitted(sut, key, 3, rule(2))).toBe(2);

    now += 60_000;
    await sut.sync();

    expect(await stored(key)).toEqual([]);
    expect(await admitted(sut, key, 3, rule(2))).toBe(2);
    await sut.sync();
    expect(await stored(key)).toEqual([2]);
  });

  it('is what a Switchboard on DATABASE_URL limits /v1 requests with', async () => {
    // Its own DATA_DIR: the simulated carrier keeps its numbers there, never in the checkout's ./.switchboard.
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-rate-limits-'));
    const sut = createSwitchboard({ env: { DATABASE_URL: url, DATA_DIR: dataDir, RATE_LIMIT: '2/1m' }, logger: silentLogger() });
    let keyId: string;
    try {
      await sut.start();
      const created = await sut.useCases().projects.createProject.execute({ email: trustMailbox(`${unique()}@example.com`) })();
      if (created._tag === 'Left') throw new Error(created.left._tag);
      keyId = created.right.apiKey.key.id;
      const get = () =>
        sut.fetch(new Request('http://sb/v1/agents', { headers: { authorization: `Bearer ${created.right.apiKey.clear}` } }));

      const statuses = [(await get()).status, (await get()).status, (await get()).status];

      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await sut.close(); // sends the node's counts
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(await stored(`key:${keyId}`)).toEqual([2]);
  });
});
