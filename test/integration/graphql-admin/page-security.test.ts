import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { RecordingLogger } from '../rest/harness.js';

const SDK_FILE = new URL('../../../node_modules/@twilio/voice-sdk/dist/twilio.min.js', import.meta.url);
const SDK_PATH = '/playground/twilio-voice-sdk.js';

/** A Content-Security-Policy header as directive → its sources. */
const policyOf = (response: Response): Map<string, string[]> => {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
};

interface PageScript {
  readonly attributes: string;
  readonly body: string;
}

const scriptsOf = (html: string): PageScript[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1]!, body: m[2]! }));

/** Whether the policy lets this script run: its own origin's file, or inline with the nonce or hash the policy names. */
const allowedBy = (policy: Map<string, string[]>, script: PageScript): boolean => {
  const sources = policy.get('script-src') ?? [];
  const src = /\ssrc="([^"]*)"/.exec(script.attributes)?.[1];
  if (src !== undefined) return sources.includes("'self'") && src.startsWith('/') && !src.startsWith('//');
  const nonce = /\snonce="([^"]*)"/.exec(script.attributes)?.[1];
  if (nonce !== undefined && sources.includes(`'nonce-${nonce}'`)) return true;
  return sources.includes(`'sha256-${createHash('sha256').update(script.body).digest('base64')}'`);
};

const expectCommonPageHeaders = (response: Response) => {
  const policy = policyOf(response);
  expect(policy.get('script-src')?.[0]).toBe("'self'");
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src') ?? policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
};

describe('the playground and GraphiQL pages: their own scripts only', () => {
  let sut: Switchboard;
  beforeAll(async () => {
    sut = createSwitchboard({ env: {}, storage: 'memory', basePath: '/switchboard', logger: new RecordingLogger() });
    await sut.start();
  });
  afterAll(async () => {
    await sut?.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => sut.fetch(new Request(`http://host.test${path}`, { headers }));

  it('ignores a script URL given in the query: the playground runs its own script and the SDK copy served here', async () => {
    const response = await get('/switchboard/playground?twilioSdk=https%3A%2F%2Fevil.example%2Fsdk.js');
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('twilioSdk');
    expect(html).not.toContain('cdn.jsdelivr.net');
    expect(html).toContain(SDK_PATH);
    expectCommonPageHeaders(response);
    const policy = policyOf(response);
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(allowedBy(policy, script)).toBe(true);
  });

  it('gives the playground a new nonce on every load', async () => {
    const nonces = await Promise.all([get('/switchboard/playground'), get('/switchboard/playground')].map(async (r) => (await r).headers.get('content-security-policy')));

    expect(nonces[0]).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('serves the Twilio Voice SDK from the installed npm package at a fixed path, cached for long', async () => {
    const response = await get(`/switchboard${SDK_PATH}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=(\d{7,})/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(SDK_FILE))).toBe(true);
  });

  it('serves GraphiQL under a policy that allows its inline code by hash, loading no script from elsewhere', async () => {
    const response = await get('/switchboard/admin/graphql', { accept: 'text/html' });
    const html = await response.text();

    expect(response.status).toBe(200);
    expectCommonPageHeaders(response);
    const policy = policyOf(response);
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(allowedBy(policy, script)).toBe(true);
    expect(/<script[^>]*\ssrc="(https?:)?\/\//.test(html)).toBe(false);
    expect(/<link[^>]*\shref="(https?:)?\/\//.test(html)).toBe(false);
  }, 30_000);

  it('tells GraphiQL not to keep the headers (the admin token) in local storage', async () => {
    const html = await (await get('/switchboard/admin/graphql', { accept: 'text/html' })).text();

    // (not toContain: a failure would print the 9 MB page)
    expect(html.includes('"shouldPersistHeaders":false')).toBe(true);
    expect(html.includes('"shouldPersistHeaders":true')).toBe(false);
  }, 30_000);
});
