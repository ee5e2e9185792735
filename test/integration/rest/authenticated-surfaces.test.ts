import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply } from './harness.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

/** Behind one trusted proxy (`TRUST_PROXY=1`), the request's X-Forwarded-For names its client. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const expectRateLimited = (reply: Reply, scope: string) => {
  expect(reply.status).toBe(429);
  expect(reply.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: expect.stringContaining(scope) });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
};

describe('the playground’s controls of the simulated carrier', () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  const text = (owner: { number_id: string }, key: string, ip: string, body = 'Hello') =>
    h.call('POST', '/playground/simulated/texts', { key, headers: from(ip), body: { numberId: owner.number_id, from: '+14155550177', body } });

  it('refuse a client after its failed keys with 429, a good key included, as /v1 does', async () => {
    h = await aSwitchboard({ env: { AUTH_FAILURE_RATE_LIMIT: '3/10m', TRUST_PROXY: '1' } });
    const owner = await h.signedUp('guessed@example.com');

    const failures = [];
    for (let i = 0; i < 3; i++) failures.push((await text(owner, `sk_live_guess${i}`, '203.0.113.5')).status);

    expect(failures).toEqual([401, 401, 401]);
    expectRateLimited(await text(owner, owner.api_key, '203.0.113.5'), 'failed authentications per client IP');
    expectRateLimited(await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('203.0.113.5') }), 'failed authentications per client IP');
    expect((await text(owner, owner.api_key, '203.0.113.6')).status).toBe(200);
  });

  it('count every request against the key’s RATE_LIMIT, together with its /v1 requests', async () => {
    h = await aSwitchboard({ env: { RATE_LIMIT: '3/1m', TRUST_PROXY: '1' } });
    const owner = await h.signedUp('busy@example.com');

    const first = await text(owner, owner.api_key, '198.51.100.1', 'one');
    const statuses = [
      first.status,
      (await text(owner, owner.api_key, '198.51.100.2', 'two')).status,
      (await h.call('GET', '/v1/agents', { key: owner.api_key })).status,
    ];
    const spent = await text(owner, owner.api_key, '198.51.100.3', 'three');
    const other = await h.sut.useCases().admin.issueKey.execute({ projectId: owner.project_id, name: 'second' })();
    if (E.isLeft(other)) throw new Error(other.left._tag);
    const stored = await h.call('GET', `/v1/conversations/${first.body.conversationId}/messages`, { key: other.right.clear });

    expect(statuses).toEqual([200, 200, 200]);
    expectRateLimited(spent, '3 requests per 60 seconds (per API key)');
    expect(stored.body.data.map((message: { body: string }) => message.body).sort()).toEqual(['one', 'two']);
  });
});

describe('browser preflights and CORS', () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  const preflight = (path: string, origin: string, ip: string) =>
    h.call('OPTIONS', path, {
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type', ...from(ip) },
    });

  it('answers preflights on every authenticated surface without counting them as failed keys', async () => {
    h = await aSwitchboard({ env: { AUTH_FAILURE_RATE_LIMIT: '3/10m', TRUST_PROXY: '1' } });
    const owner = await h.signedUp('nat@example.com');

    const answers = [];
    for (const path of ['/v1/agents', '/v1/calls', '/mcp', '/playground/simulated/texts', '/admin/graphql']) {
      for (let i = 0; i < 5; i++) answers.push(await preflight(path, 'https://app.example.com', '192.0.2.1'));
    }

    expect(answers.map((reply) => reply.status)).toEqual(answers.map(() => 204));
    expect(answers.filter((reply) => [...reply.headers.keys()].some((name) => name.startsWith('access-control-')))).toEqual([]);
    expect((await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('192.0.2.1') })).status).toBe(200);
  });

  it('gives CORS headers to the origins of CORS_ORIGINS only', async () => {
    h = await aSwitchboard({ env: { CORS_ORIGINS: 'https://app.example.com, http://localhost:5173', TRUST_PROXY: '1' } });
    const owner = await h.signedUp('cors@example.com');

    const listed = await preflight('/v1/agents', 'https://app.example.com', '192.0.2.2');
    const other = await preflight('/v1/agents', 'https://evil.example.net', '192.0.2.2');
    const read = await h.call('GET', '/v1/agents', { key: owner.api_key, headers: { origin: 'http://localhost:5173' } });
    const readElsewhere = await h.call('GET', '/v1/agents', { key: owner.api_key, headers: { origin: 'https://evil.example.net' } });
    const refused = await h.call('GET', '/v1/agents', { key: 'sk_live_wrong', headers: { origin: 'https://app.example.com' } });

    expect(listed.status).toBe(204);
    expect(Object.fromEntries([...listed.headers].filter(([name]) => name.startsWith('access-control-')))).toEqual({
      'access-control-allow-origin': 'https://app.example.com',
      'access-control-allow-methods': 'GET,HEAD,PUT,POST,DELETE,PATCH,QUERY',
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-max-age': '600',
      'access-control-expose-headers': 'Retry-After,X-Request-Id,ETag,Mcp-Session-Id,WWW-Authenticate',
    });
    expect(other.status).toBe(204);
    expect([...other.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(readElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect(readElsewhere.headers.get('vary')).toContain('Origin');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });
});

describe('the admin console’s token', () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  const query = (token: string, ip: string) =>
    h.call('POST', '/admin/graphql', { key: token, headers: from(ip), body: { query: '{ projects(email: "", limit: 1) { total } }' } });

  it('refuses a client after its failed tokens with 429 in the console’s envelope, apart from API keys', async () => {
    h = await aSwitchboard({ env: { AUTH_FAILURE_RATE_LIMIT: '3/10m', TRUST_PROXY: '1' } });
    const owner = await h.signedUp('operator@example.com');
    const token = h.sut.adminToken();

    const failures = [];
    for (let i = 0; i < 3; i++) failures.push((await query(`guess-${i}`, '203.0.113.9')).status);
    const spent = await query(token, '203.0.113.9');

    expect(failures).toEqual([401, 401, 401]);
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(spent.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('failed admin tokens per client IP'),
        extensions: expect.objectContaining({ code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: expect.any(Number) }),
      }),
    ]);
    expect((await query(token, '203.0.113.10')).body.data.projects.total).toBe(1);
    expect((await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('203.0.113.9') })).status).toBe(200);
    expect((await h.call('GET', '/admin/graphql', { headers: { accept: 'text/html', ...from('203.0.113.9') } })).status).toBe(200);
  });
});
