import fc from 'fast-check';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../src/domain/ledger.js';
import { cents } from '../../src/domain/money.js';
import { arbitraryOf, fieldNamesOf, RawJson, toJsonText, type FieldArbitraries } from '../support/codec-arbitrary.js';
import { nastyBodyText, nastyString, nastyUrlText, nastyValue, percentEncode } from '../support/nasty-inputs.js';
import { aTwilioSwitchboard, PUBLIC_URL, TWILIO_AUTH_TOKEN, type TwilioSwitchboard } from '../support/twilio-switchboard.js';
import { REST_ROUTES, TWILIO_ROUTES, type ResourceKind, type RouteSpec } from './rest-routes.js';

/** Requests per run: 2,000 by default (well under a minute on two cores); FUZZ_RUNS=50000 for a long hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const CUSTOMERS = ['+12125550199', '+13105550123', '+16475550100'];

/** A live resource of the test, picked when the request is sent (the n-th one, modulo how many there are). */
class LiveRef {
  constructor(
    readonly kind: ResourceKind,
    readonly n: number,
  ) {}
}
const live = (kind: ResourceKind) => fc.nat().map((n) => new LiveRef(kind, n));

/** Ids and URLs no codec describes: resources the test made, or a webhook URL that refuses at once. */
const FIELDS: FieldArbitraries = {
  agentId: live('agent'),
  agent_id: live('agent'),
  numberId: live('number'),
  number_id: live('number'),
  fromNumberId: live('number'),
  url: fc.constantFrom('http://127.0.0.1:9/hook', 'https://127.0.0.1:9/events?x=1'),
};

/** Values of a codec, or the same with one field (known or not) made nasty. */
const maybeMutated = (codec: Parameters<typeof arbitraryOf>[0], nasty: fc.Arbitrary<unknown>) => {
  const valid = arbitraryOf(codec, FIELDS);
  const names = [...fieldNamesOf(codec), 'state', 'metadata'];
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), nasty)
        .map(([value, key, bad]) => (typeof value === 'object' && value !== null ? { ...value, [key]: bad } : bad)),
    },
  );
};

const bodyOf = (route: RouteSpec): fc.Arbitrary<unknown> =>
  route.body
    ? fc.oneof({ weight: 5, arbitrary: maybeMutated(route.body, nastyValue) }, { weight: 1, arbitrary: nastyBodyText.map((text) => new RawJson(text)) })
    : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: nastyBodyText.map((text) => new RawJson(text)) });

/** Query values are strings; a nasty one comes already encoded, as `{ encoded }`. */
const queryOf = (route: RouteSpec): fc.Arbitrary<unknown> =>
  route.query ? maybeMutated(route.query, nastyUrlText.map((encoded) => ({ encoded }))) : fc.constant({});

const pathParamOf = (kind: ResourceKind) =>
  fc.oneof({ weight: 5, arbitrary: live(kind) }, { weight: 1, arbitrary: nastyUrlText }, { weight: 1, arbitrary: fc.string().map(percentEncode) });

const ROUTES_BY_NAME = new Map(REST_ROUTES.map((route) => [`${route.method} ${route.path}`, route]));

// The route travels by name, so that a counterexample prints as one line.
const restRequest = fc.constantFrom(...REST_ROUTES).chain((route) =>
  fc.record({
    route: fc.constant(`${route.method} ${route.path}`),
    params: fc.tuple(...[...route.path.matchAll(/:(\w+)/g)].map((m) => pathParamOf(m[1] as ResourceKind))),
    query: queryOf(route),
    body: bodyOf(route),
    auth: route.open ? fc.constant('none' as const) : fc.constantFrom('key', 'key', 'key', 'key', 'key', 'none', 'wrong'),
  }),
);

type RestRequest = typeof restRequest extends fc.Arbitrary<infer R> ? R : never;

const twilioValue = (name: string): fc.Arbitrary<string> => {
  const usual: Record<string, fc.Arbitrary<string>> = {
    From: fc.constantFrom(...CUSTOMERS, 'client:call_x', 'SHORTCODE'),
    To: fc.constantFrom('$phone', '+12125550100'),
    MessageStatus: fc.constantFrom('queued', 'sent', 'delivered', 'failed', 'undelivered'),
    CallStatus: fc.constantFrom('completed', 'busy', 'no-answer', 'failed', 'in-progress'),
    HandoffData: fc.constantFrom('{"reason":"hangup"}', '{"reason":"transfer","to":"+12125550100"}', '{', 'null'),
    callId: fc.constant('$call'),
  };
  return fc.oneof({ weight: 4, arbitrary: usual[name] ?? fc.string({ maxLength: 20 }) }, { weight: 1, arbitrary: nastyString });
};

const twilioRequest = fc.constantFrom(...TWILIO_ROUTES).chain((route) =>
  fc.record({
    path: fc.constant(route.path),
    params: fc.record<Record<string, string>>(Object.fromEntries(route.params.map((name) => [name, twilioValue(name)])), { requiredKeys: [] }),
    query: fc.record<Record<string, string>>(Object.fromEntries((route.query ?? []).map((name) => [name, twilioValue(name)])), { requiredKeys: [] }),
    signed: fc.constantFrom(true, true, true, true, false),
  }),
);

type TwilioRequest = typeof twilioRequest extends fc.Arbitrary<infer R> ? R : never;

describe('every route, fuzzed', () => {
  let h: TwilioSwitchboard;
  let key: string;
  const ids: Record<ResourceKind, string[]> = { agent: [], number: [], contact: [], conversation: [], call: [] };
  let contactsMade = 0;
  const phones: string[] = [];

  const rest = (method: string, path: string, body?: unknown) => h.call(method, path, { key, body });
  const made = async (reply: Promise<{ status: number; body: { id?: string; callId?: string }; text: string }>) => {
    const { status, body, text } = await reply;
    if (status >= 300) throw new Error(`setup request failed: ${status} ${text}`);
    return (body.id ?? body.callId)!;
  };
  const fresh: Record<ResourceKind, () => Promise<string>> = {
    agent: () => made(rest('POST', '/v1/agents', { name: 'Doomed' })),
    number: () => made(rest('POST', '/v1/numbers', {})),
    // Lines from 2000 up: the codec-derived contacts use lower ones, and a duplicate would be a 409.
    contact: () => made(rest('POST', '/v1/contacts', { name: 'Doomed', phoneNumber: `+1212555${2000 + contactsMade++}` })),
    conversation: async () => ids.conversation[0]!,
    call: () => made(rest('POST', '/v1/calls/web', { agentId: ids.agent[0] })),
  };

  beforeAll(async () => {
    h = await aTwilioSwitchboard({
      pglite: true,
      env: { RATE_LIMIT: '1000000/1s', SIGNUP_RATE_LIMIT_EMAIL: '1000000/1s', SIGNUP_RATE_LIMIT_IP: '1000000/1s' },
    });
    const done = await h.signedUp('fuzz@example.com');
    key = done.api_key;
    // Enough money and numbers that provisioning keeps succeeding for the whole run.
    await h.read(async (tx) => {
      const project = (await tx.projects.findById(done.project_id))!;
      await tx.projects.save({ ...project, numberLimit: 1_000_000 });
      const topUp = credit({ id: 'led_fuzz', projectId: project.id, amount: cents(100_000_000), reason: 'top_up', resourceId: null, createdAt: new Date() });
      await tx.ledger.append(topUp);
    });
    ids.agent.push(done.agent_id, await fresh.agent());
    ids.number.push(done.number_id);
    phones.push(done.phone_number);
    ids.contact.push(await fresh.contact(), await fresh.contact());
    for (const from of CUSTOMERS.slice(0, 2)) {
      const reply = await h.twilioPost('/twilio/sms', { MessageSid: `SM${from}`, From: from, To: done.phone_number, Body: 'Hi', NumMedia: '0' });
      expect(reply.status).toBe(200);
    }
    ids.conversation.push(...(await rest('GET', '/v1/conversations')).body.data.map((c: { id: string }) => c.id));
    ids.call.push(await fresh.call(), await made(rest('POST', '/v1/calls', { agentId: done.agent_id, toNumber: CUSTOMERS[0] })));
  });
  afterAll(async () => {
    await h?.close();
  });

  const liveId = (ref: LiveRef) => ids[ref.kind][ref.n % ids[ref.kind].length]!;
  const substituteLive = (value: unknown) => (value instanceof LiveRef ? liveId(value) : value);

  /** A path parameter as sent: a live id (a fresh one when the route uses it up), or garbage already encoded. */
  const segmentOf = async (param: LiveRef | string, consumes: boolean) =>
    param instanceof LiveRef ? encodeURIComponent(consumes ? await fresh[param.kind]() : liveId(param)) : param;

  const queryText = (query: unknown): string =>
    Object.entries(query as object)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => {
        const value = substituteLive(v);
        const encoded = typeof value === 'object' && value !== null && 'encoded' in value ? String(value.encoded) : percentEncode(String(value));
        return `${percentEncode(k)}=${encoded}`;
      })
      .join('&');

  /**
   * Nothing answers the simulated carrier's calls here, so a request that waits for its call to
   * end would hold the run for the whole wait (10 s at the least, 5 minutes by default): such a
   * call is placed without waiting. Waiting is tested where calls end (the call-control tests).
   */
  const boundedWait = (body: unknown): unknown =>
    typeof body === 'object' && body !== null && (body as { waitForCompletion?: unknown }).waitForCompletion === true ? { ...body, waitForCompletion: false } : body;

  const sendRest = async (request: RestRequest) => {
    const { params, query, body, auth } = request;
    const route = ROUTES_BY_NAME.get(request.route)!;
    const segments = await Promise.all(params.map((param) => segmentOf(param, route.consumes ?? false)));
    const path = route.path.replace(/:\w+/g, () => segments.shift()!);
    const search = queryText(query);
    const headers: Record<string, string> = {};
    if (auth === 'key') headers.authorization = `Bearer ${key}`;
    if (auth === 'wrong') headers.authorization = 'Bearer sk_live_nope';
    let text: string | undefined;
    if (body !== undefined && route.method !== 'GET') {
      text = toJsonText(boundedWait(body), substituteLive);
      headers['content-type'] = 'application/json';
    }
    const response = await h.sut.fetch(new Request(`http://switchboard.test${path}${search ? `?${search}` : ''}`, { method: route.method, headers, body: text }));
    // A live transcript stream never ends by itself: its head is the answer.
    if (path.endsWith('/transcript/stream') && response.ok) {
      await response.body?.cancel();
      return { status: response.status, text: '', where: `${route.method} ${path}` };
    }
    return { status: response.status, text: await response.text(), where: `${route.method} ${path}?${search}`.slice(0, 300) };
  };

  const sendTwilio = async (request: TwilioRequest) => {
    const fill = (v: string) => (v === '$phone' ? phones[0]! : v === '$call' ? ids.call[0]! : v);
    const params = Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k, fill(v)]));
    const search = Object.entries(request.query).map(([k, v]) => `${k}=${percentEncode(fill(v))}`).join('&');
    const pathAndQuery = `${request.path}${search ? `?${search}` : ''}`;
    const signature = request.signed ? twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, `${PUBLIC_URL}${pathAndQuery}`, params) : 'forged';
    const response = await h.sut.fetch(
      new Request(`http://switchboard.test${pathAndQuery}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      }),
    );
    return { status: response.status, text: await response.text(), where: `POST ${pathAndQuery}`.slice(0, 300) };
  };

  /** No 5xx (but the carrier's documented "no numbers there"), and every REST 4xx in the error envelope. */
  const check = (reply: { status: number; text: string; where: string }, envelope: boolean) => {
    const body = (() => {
      try {
        return JSON.parse(reply.text) as { error?: { message?: unknown; code?: unknown; type?: unknown } };
      } catch {
        return null;
      }
    })();
    const noInventory = reply.status === 503 && body?.error?.code === 'NO_NUMBERS_AVAILABLE';
    if (reply.status >= 500 && !noInventory) throw new Error(`${reply.where} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    if (envelope && reply.status >= 400) {
      const { message, code, type } = body?.error ?? {};
      if (typeof message !== 'string' || typeof code !== 'string' || typeof type !== 'string') {
        throw new Error(`${reply.where} answered ${reply.status} outside the envelope: ${reply.text.slice(0, 300)}`);
      }
    }
  };

  it(`answers ${RUNS} fuzzed requests without a server error, every REST refusal in the envelope, and serves on`, { timeout: Math.max(180_000, RUNS * 120) }, async () => {
    const request = fc.oneof(
      { weight: 6, arbitrary: restRequest.map((r) => ({ rest: r })) },
      { weight: 1, arbitrary: twilioRequest.map((r) => ({ twilio: r })) },
    );
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        if ('rest' in r) check(await sendRest(r.rest), true);
        else check(await sendTwilio(r.twilio), false);
      }),
      { numRuns: RUNS },
    );

    expect((await h.call('GET', '/health')).status).toBe(200);
    expect((await rest('GET', '/v1/agents')).status).toBe(200);
  });
});
