import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';
import type { Reply } from './harness.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

/** Behind one trusted proxy (`TRUST_PROXY=1`), the request's X-Forwarded-For names its client. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const expectRateLimited = (reply: Reply, scope: string, windowSeconds: number) => {
  expect(reply.status).toBe(429);
  expect(reply.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit_error', message: expect.stringContaining(scope) });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
};

describe('limits per client IP', () => {
  let h: SwitchboardHarness;
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    await h?.close();
  });

  describe('failed authentication (AUTH_FAILURE_RATE_LIMIT)', () => {
    it('refuses a client after its failures with 429 and Retry-After, whatever key it sends then; other clients go on', async () => {
      h = await aSwitchboard({ env: { AUTH_FAILURE_RATE_LIMIT: '3/10m', TRUST_PROXY: '1' } });
      const owner = await h.signedUp('keys@example.com');

      const failures = [];
      for (let i = 0; i < 3; i++) failures.push((await h.call('GET', '/v1/agents', { key: `sk_live_guess${i}`, headers: from('203.0.113.5') })).status);
      const withGoodKey = await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('203.0.113.5') });
      const noHeader = await h.call('GET', '/v1/agents', { headers: from('203.0.113.5') });

      expect(failures).toEqual([401, 401, 401]);
      expectRateLimited(withGoodKey, '3 requests per 600 seconds (failed authentications per client IP)', 600);
      expectRateLimited(noHeader, 'failed authentications per client IP', 600);
      expect((await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('203.0.113.6') })).status).toBe(200);
      expect((await h.call('GET', '/v1/agents', { key: 'sk_live_wrong', headers: from('203.0.113.6') })).status).toBe(401);
    });

    it('counts only failures: a client with a good key is never refused for its successes', async () => {
      h = await aSwitchboard({ env: { AUTH_FAILURE_RATE_LIMIT: '2/10m', TRUST_PROXY: '1' } });
      const owner = await h.signedUp('busy@example.com');

      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('198.51.100.1') })).status);
      statuses.push((await h.call('GET', '/v1/agents', { key: 'sk_live_wrong', headers: from('198.51.100.1') })).status);
      statuses.push((await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('198.51.100.1') })).status);

      expect(statuses).toEqual([200, 200, 200, 200, 200, 401, 200]);
    });

    it('counts IPv6 clients by their /64: one network shares a counter, the next one does not', async () => {
      h = await aSwitchboard({ env: { AUTH_FAILURE_RATE_LIMIT: '2/10m', TRUST_PROXY: '1' } });
      const owner = await h.signedUp('six@example.com');

      const failures = [
        (await h.call('GET', '/v1/agents', { key: 'sk_live_a', headers: from('2001:db8:1:2::1') })).status,
        (await h.call('GET', '/v1/agents', { key: 'sk_live_b', headers: from('2001:db8:1:2:ffff:ffff:ffff:fffe') })).status,
      ];
      const sameNetwork = await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('2001:0db8:0001:0002:abcd::9') });
      const nextNetwork = await h.call('GET', '/v1/agents', { key: owner.api_key, headers: from('2001:db8:1:3::1') });

      expect(failures).toEqual([401, 401]);
      expectRateLimited(sameNetwork, 'failed authentications per client IP', 600);
      expect(nextNetwork.status).toBe(200);
    });

    it('applies 20 failures per 10 minutes by default to the TCP peer of a Node server', async () => {
      h = await aSwitchboard();
      const owner = await h.signedUp('peer@example.com');
      server = createServer(h.sut.requestListener);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/agents`;
      const get = (key: string) => fetch(url, { headers: { authorization: `Bearer ${key}` } });

      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await get(`sk_live_guess${i}`)).status);
      const refused = await get(owner.api_key);

      expect(statuses).toEqual(Array(20).fill(401));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
      expect((await h.call('GET', '/v1/agents', { key: owner.api_key })).status).toBe(200); // no socket, no header: no client IP
    });
  });

  describe('verification (VERIFY_RATE_LIMIT_IP)', () => {
    it('limits verify attempts per client IP, across sign-ups, and leaves other clients alone', async () => {
      h = await aSwitchboard({ env: { VERIFY_RATE_LIMIT_IP: '2/1h', TRUST_PROXY: '1' } });
      const id = await h.startSignUp('code@example.com');
      const code = h.loggedCodes()[0]!;
      const wrong = code === '000000' ? '111111' : '000000';
      const verify = (verificationId: string, otp: string, ip: string) =>
        h.call('POST', '/v0/agent/verify', { body: { verification_id: verificationId, otp_code: otp }, headers: from(ip) });

      const tries = [(await verify(id, wrong, '203.0.113.9')).status, (await verify('ver_other', wrong, '203.0.113.9')).status];
      const third = await verify(id, code, '203.0.113.9');
      const elsewhere = await verify(id, code, '203.0.113.10');

      expect(tries).toEqual([400, 404]);
      expectRateLimited(third, 'verifications per client IP', 3600);
      expect(elsewhere.status).toBe(200);
      expect(await h.read((tx) => tx.signUps.findById(id))).toMatchObject({ attempts: 1, status: 'verified' });
    });
  });

  describe('sign-up (SIGNUP_RATE_LIMIT_IP)', () => {
    it('counts IPv6 clients by their /64', async () => {
      h = await aSwitchboard({ env: { SIGNUP_RATE_LIMIT_IP: '2/1h', TRUST_PROXY: '1' } });
      const signUp = (email: string, ip: string) => h.call('POST', '/v0/agent/sign-up', { body: { human_email: email }, headers: from(ip) });

      const allowed = [(await signUp('a@example.com', '2001:db8:1:2::a')).status, (await signUp('b@example.com', '2001:db8:1:2::b')).status];
      const sameNetwork = await signUp('c@example.com', '2001:db8:1:2:ffff::c');
      const nextNetwork = await signUp('d@example.com', '2001:db8:1:3::a');

      expect(allowed).toEqual([200, 200]);
      expectRateLimited(sameNetwork, 'sign-ups per client IP', 3600);
      expect(nextNetwork.status).toBe(200);
    });
  });

  it('reads AUTH_FAILURE_RATE_LIMIT and VERIFY_RATE_LIMIT_IP with defaults, and names either when it is bad', () => {
    const defaults = loadConfig({});
    const bad = loadConfig({ AUTH_FAILURE_RATE_LIMIT: 'lots', VERIFY_RATE_LIMIT_IP: '0/1h' });

    expect(defaults).toEqual(
      E.right(expect.objectContaining({ authFailureRateLimit: { points: 20, durationSeconds: 600 }, verifyRateLimitIp: { points: 60, durationSeconds: 3600 } })),
    );
    expect(bad).toEqual(E.left([expect.stringMatching(/^AUTH_FAILURE_RATE_LIMIT="lots": /), expect.stringMatching(/^VERIFY_RATE_LIMIT_IP="0\/1h": /)]));
  });
});
