import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { createSwitchboard, type Switchboard } from '../../../src/index.js';
import { FakeTwilioApi } from '../../support/fake-twilio-api.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token-0123456789';

/** A Switchboard on the simulated carrier, or on Twilio (the SDK pointed at `fake`), with one project's key. */
const aSwitchboardWith = async (fake: FakeTwilioApi | null) => {
  const sut = createSwitchboard({
    env: fake ? { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_API_URL: fake.url, PUBLIC_URL: 'https://switchboard.example.com' } : {},
    storage: 'memory',
    logger: silentLogger(),
  });
  await sut.start();
  const created = await sut.useCases().projects.createProject.execute({ email: trustMailbox(`${crypto.randomUUID()}@example.com`) })();
  if (created._tag === 'Left') throw new Error(JSON.stringify(created.left));
  const key = created.right.apiKey.clear;
  const get = async (path: string) => {
    const response = await sut.fetch(new Request(`http://switchboard.local${path}`, { headers: { authorization: `Bearer ${key}` } }));
    return { status: response.status, body: await response.json() };
  };
  return { sut, get };
};

const lookup = (number: string, country?: string) =>
  `/v1/numbers/lookup?number=${encodeURIComponent(number)}${country ? `&country=${country}` : ''}`;

describe('GET /v1/numbers/lookup on the numbering plan (no carrier account)', () => {
  let h: Awaited<ReturnType<typeof aSwitchboardWith>>;
  beforeAll(async () => {
    h = await aSwitchboardWith(null);
  });
  afterAll(async () => {
    await h?.sut.close();
  });

  it.each([
    ['+14155552671', undefined, { valid: true, phoneNumber: '+14155552671', country: 'US', lineType: 'fixed_or_mobile', location: 'San Francisco, CA' }],
    ['(415) 555-2671', undefined, { valid: true, phoneNumber: '+14155552671', nationalFormat: '(415) 555-2671' }],
    ['+447400123456', undefined, { valid: true, country: 'GB', lineType: 'mobile', carrier: 'Three' }],
    ['+18005550100', undefined, { valid: true, lineType: 'toll_free' }],
    ['604 555 0123', 'ca', { valid: true, phoneNumber: '+16045550123', country: 'CA' }],
    ['+1415555', undefined, { valid: false, phoneNumber: null, lineType: 'unknown' }],
  ])('%s → %o, free', async (number, country, expected) => {
    const { status, body } = await h.get(lookup(number, country));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...expected, input: number, source: 'numbering_plan', costCents: 0 });
  });

  it('refuses what is not a phone number, or a country that is not two letters, naming the parameter', async () => {
    const words = await h.get(lookup('call me'));
    expect(words.status).toBe(422);
    expect(words.body.error.details).toEqual([expect.objectContaining({ field: 'number' })]);
    const missing = await h.get('/v1/numbers/lookup');
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ field: 'number' })]);
    const country = await h.get(lookup('4155552671', 'USA'));
    expect(country.status).toBe(422);
    expect(country.body.error.details).toEqual([expect.objectContaining({ field: 'country' })]);
  });

  it('is not read as a number id', async () => {
    expect((await h.get('/v1/numbers/num_missing')).status).toBe(404);
  });
});

describe('GET /v1/numbers/lookup with Twilio configured', () => {
  let fake: FakeTwilioApi;
  let h: Awaited<ReturnType<typeof aSwitchboardWith>>;
  const savedEnv = { edge: process.env.TWILIO_EDGE, region: process.env.TWILIO_REGION };

  beforeAll(async () => {
    delete process.env.TWILIO_EDGE;
    delete process.env.TWILIO_REGION;
    fake = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  });
  beforeEach(async () => {
    h = await aSwitchboardWith(fake);
  });
  afterEach(async () => {
    await h?.sut.close();
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await fake?.stop();
    if (savedEnv.edge !== undefined) process.env.TWILIO_EDGE = savedEnv.edge;
    if (savedEnv.region !== undefined) process.env.TWILIO_REGION = savedEnv.region;
  });

  it("takes the line type and carrier from Twilio Lookup and charges the project for it", async () => {
    fake.lines.set('+14155552671', { type: 'mobile', carrierName: 'T-Mobile USA, Inc.' });
    const before = (await h.get('/v1/usage')).body.balanceCents as number;

    const { status, body } = await h.get(lookup('+14155552671'));

    expect(status).toBe(200);
    expect(body).toMatchObject({ valid: true, phoneNumber: '+14155552671', lineType: 'mobile', carrier: 'T-Mobile USA, Inc.', location: 'San Francisco, CA', source: 'carrier', costCents: 1 });
    expect(fake.requestsTo('lookupNumber')).toEqual([expect.objectContaining({ path: '/v2/PhoneNumbers/+14155552671', query: { Fields: 'line_type_intelligence' } })]);
    expect((await h.get('/v1/usage')).body.balanceCents).toBe(before - 1);
  });

  it('never sends an invalid number to Twilio, nor charges for it', async () => {
    const before = (await h.get('/v1/usage')).body.balanceCents as number;
    expect((await h.get(lookup('+1415555'))).body).toMatchObject({ valid: false, source: 'numbering_plan', costCents: 0 });
    expect(fake.requestsTo('lookupNumber')).toEqual([]);
    expect((await h.get('/v1/usage')).body.balanceCents).toBe(before);
  });

  it("answers Twilio's refusal as a provider error and charges nothing", async () => {
    fake.failNext('lookupNumber', { status: 503, code: 20503, message: 'Service unavailable' });
    const before = (await h.get('/v1/usage')).body.balanceCents as number;
    const { status, body } = await h.get(lookup('+14155552671'));
    expect(status).toBe(502);
    expect(body.error.code).toBe('TWILIO_ERROR');
    expect((await h.get('/v1/usage')).body.balanceCents).toBe(before);
  });
});
