import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedBy } from '../../../src/adapters/rest/credential-guard.js';
import { startCore, type RunningCore } from '../../../src/bootstrap/composition/compose.js';
import { overridesOf } from '../../../src/bootstrap/composition/overrides.js';
import { PUBLIC_ROUTES } from '../../../src/bootstrap/composition/public-routes.js';
import { settingsOf } from '../../../src/bootstrap/composition/settings.js';
import type { SwitchboardOptions } from '../../../src/bootstrap/composition/options.js';

interface Endpoint {
  /** `METHOD path`, as the public list names routes. */
  readonly route: string;
  readonly method: string;
  readonly path: string;
  /** The credentials of the guards that run before it. */
  readonly guards: readonly string[];
}

/** A path the route's pattern matches: each parameter and wildcard a plain segment. */
const sampleOf = (pattern: string): string => pattern.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');

/** Whether Hono's own router sends `path` to middleware registered on `pattern`. */
const reaches = async (pattern: string, path: string): Promise<boolean> =>
  (await new Hono().all(pattern, (c) => c.body(null, 204)).request(path)).status === 204;

/**
 * Every endpoint of an app (the last handler registered for a method and path: the one that
 * answers) with the guards registered before it whose path and method reach it.
 */
const endpointsOf = async (app: Hono): Promise<Endpoint[]> => {
  const { routes } = app;
  const last = new Map<string, number>();
  routes.forEach((route, index) => last.set(`${route.method} ${route.path}`, index));
  const endpoints: Endpoint[] = [];
  for (const [route, index] of last) {
    const { method, path, handler } = routes[index]!;
    if (guardedBy(handler) !== null) continue;
    const guards = new Set<string>();
    for (const before of routes.slice(0, index)) {
      const credential = guardedBy(before.handler);
      if (credential === null || (before.method !== 'ALL' && before.method !== method)) continue;
      if (await reaches(before.path, sampleOf(path))) guards.add(credential);
    }
    endpoints.push({ route, method, path, guards: [...guards] });
  }
  return endpoints;
};

const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'twilio-auth-token' };

describe('the routes of the composed HTTP app', () => {
  let core: RunningCore | undefined;
  afterEach(async () => {
    await core?.stop();
    core = undefined;
  });

  const composed = async (env: Record<string, string>): Promise<RunningCore> => {
    const options: SwitchboardOptions = { storage: 'memory', env };
    core = await startCore(settingsOf(options), overridesOf(options));
    return core;
  };

  it('each come after a guard or are on the public list, on either carrier, and the list names only routes that exist', async () => {
    const unguarded = new Set<string>();
    for (const env of [{}, TWILIO]) {
      const endpoints = await endpointsOf((await composed(env)).app);
      for (const endpoint of endpoints.filter((e) => e.guards.length === 0)) unguarded.add(endpoint.route);
      const guarded = endpoints.filter((e) => e.guards.length > 0);
      expect(guarded.filter((e) => e.guards.length > 1)).toEqual([]);
      expect(guarded.filter((e) => e.route.includes(' /admin/')).map((e) => [e.route, e.guards])).toEqual([['ALL /admin/graphql', ['admin token']]]);
      expect(guarded.filter((e) => !e.route.includes(' /admin/')).every((e) => e.guards[0] === 'API key')).toBe(true);
      await core!.stop();
      core = undefined;
    }

    expect([...unguarded].sort()).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  it('are all closed by the one failed-key counter: a client locked out on /v1 gets 429 on every route a key opens', async () => {
    const { app } = await composed({ AUTH_FAILURE_RATE_LIMIT: '2/10m', TRUST_PROXY: '1' });
    const client = { 'x-forwarded-for': '203.0.113.77' };
    const request = (method: string, path: string, key: string) =>
      app.request(path, { method, headers: { ...client, authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
    for (const guess of ['sk_live_one', 'sk_live_two']) expect((await request('GET', '/v1/usage', guess)).status).toBe(401);

    const keyed = (await endpointsOf(app)).filter((e) => e.guards[0] === 'API key');
    const answers = [];
    for (const { route, method, path } of keyed) answers.push([route, (await request(method === 'ALL' ? 'POST' : method, sampleOf(path), 'sk_live_three')).status]);

    expect(keyed.map((e) => e.route)).toEqual(expect.arrayContaining(['ALL /mcp', 'POST /playground/simulated/texts', 'POST /v1/calls/web', 'GET /v1/agents']));
    expect(answers).toEqual(keyed.map((e) => [e.route, 429]));
  });

  it('on Twilio’s webhooks refuse a request without X-Twilio-Signature', async () => {
    const { app } = await composed(TWILIO);

    const carrier = (await endpointsOf(app)).filter((e) => e.path.startsWith('/twilio/'));
    const answers = [];
    for (const { route, path } of carrier) {
      const reply = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'CallSid=CA1&From=%2B14155550100' });
      answers.push([route, reply.status]);
    }

    expect(carrier.length).toBeGreaterThan(5);
    expect(answers).toEqual(carrier.map((e) => [e.route, 403]));
  });
});
