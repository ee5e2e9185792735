import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/bootstrap/create-switchboard.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

/** Sign-up per client IP behind a reverse proxy: which X-Forwarded-For entry `TRUST_PROXY` believes. */
describe('TRUST_PROXY and the sign-up limit per client IP', () => {
  let h: SwitchboardHarness;
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    await h?.close();
  });

  /** The real app on a Node http server on 127.0.0.1 (the socket peer of every request), allowing two sign-ups per IP. */
  const servedWith = async (env: Record<string, string>) => {
    h = await aSwitchboard({ env: { SIGNUP_RATE_LIMIT_IP: '2/1h', ...env } });
    server = createServer(h.sut.requestListener);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v0/agent/sign-up`;
    let n = 0;
    return async (forwardedFor: string) => {
      const reply = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ human_email: `user${++n}@example.com` }),
      });
      return { status: reply.status, body: await reply.json() };
    };
  };

  it('without it, every client shares the peer address: the third sign-up is refused', async () => {
    const signUp = await servedWith({});

    const statuses = [(await signUp('203.0.113.1')).status, (await signUp('203.0.113.2')).status];
    const refused = await signUp('203.0.113.3');

    expect(statuses).toEqual([200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain('sign-ups per client IP');
  });

  it('with TRUST_PROXY=1, counts each X-Forwarded-For client apart, by the entry the proxy appended', async () => {
    const signUp = await servedWith({ TRUST_PROXY: '1' });

    const first = [(await signUp('203.0.113.1')).status, (await signUp('203.0.113.1')).status];
    const other = [(await signUp('203.0.113.2')).status, (await signUp('203.0.113.3')).status];
    // A client's own X-Forwarded-For is kept on the left; the proxy appends the address it saw.
    const forged = await signUp('198.51.100.9, 203.0.113.1');

    expect(first).toEqual([200, 200]);
    expect(other).toEqual([200, 200]);
    expect(forged.status).toBe(429);
    expect(forged.body.error.message).toContain('sign-ups per client IP');
  });

  it('with a list that trusts the peer, walks past trusted proxies to the client', async () => {
    const signUp = await servedWith({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1' });

    const statuses = [
      (await signUp('203.0.113.1, 10.1.1.1')).status,
      (await signUp('203.0.113.1')).status,
      (await signUp('203.0.113.2, 10.2.2.2')).status,
    ];
    const refused = await signUp('::ffff:203.0.113.1');

    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
  });

  it('with a list that does not trust the peer, ignores X-Forwarded-For', async () => {
    const signUp = await servedWith({ TRUST_PROXY: '10.0.0.0/8' });

    const statuses = [(await signUp('203.0.113.1')).status, (await signUp('203.0.113.2')).status, (await signUp('203.0.113.3')).status];

    expect(statuses).toEqual([200, 200, 429]);
  });

  describe('with the Fetch handler (no socket)', () => {
    let n = 0;
    const signUpVia = (forwardedFor?: string) => () =>
      h.call('POST', '/v0/agent/sign-up', {
        body: { human_email: `fetch${++n}@example.com` },
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });

    it('limits nothing per IP without TRUST_PROXY', async () => {
      h = await aSwitchboard({ env: { SIGNUP_RATE_LIMIT_IP: '1/1h' } });
      const signUp = signUpVia('203.0.113.1');

      expect([(await signUp()).status, (await signUp()).status]).toEqual([200, 200]);
    });

    it('with TRUST_PROXY=1, counts the rightmost X-Forwarded-For entry; without the header, nothing', async () => {
      h = await aSwitchboard({ env: { SIGNUP_RATE_LIMIT_IP: '1/1h', TRUST_PROXY: '1' } });
      const first = signUpVia('198.51.100.9, 203.0.113.1');
      const second = signUpVia('203.0.113.2');
      const none = signUpVia();

      expect([(await first()).status, (await first()).status]).toEqual([200, 429]);
      expect((await second()).status).toBe(200);
      expect([(await none()).status, (await none()).status]).toEqual([200, 200]);
    });
  });

  it('refuses a bad value at start, naming TRUST_PROXY', async () => {
    const start = aSwitchboard({ env: { TRUST_PROXY: '10.0.0.0/33' } });

    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/TRUST_PROXY="10\.0\.0\.0\/33": .*prefix length must be 0 to 32/);
  });
});
