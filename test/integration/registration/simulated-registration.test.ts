import { afterEach, describe, expect, it } from 'vitest';
import { aRegisterBody } from '../../support/registration-builders.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

let h: SwitchboardHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A signed-up project on the simulated carrier: its agent texts from a 10-digit US number. */
const setUp = async () => {
  h = await aSwitchboard();
  const owner = await h.signedUp('registration@example.com');
  const call = (method: string, path: string, body?: unknown) => h!.call(method, path, { key: owner.api_key, ...(body === undefined ? {} : { body }) });
  const text = () => call('POST', '/v1/messages', { agent_id: owner.agent_id, to_number: '+12125550199', body: 'Your table is ready' });
  return { owner, call, text };
};

describe('A2P 10DLC registration on the simulated carrier', () => {
  it('is unregistered at first, pending once submitted, and approved at the first status read; the send warning follows it', async () => {
    const { call, text } = await setUp();

    const before = await call('GET', '/v1/register/status');
    const unregisteredSend = await text();
    const submitted = await call('POST', '/v1/register', aRegisterBody());
    const pendingSend = await text();
    const status = await call('GET', '/v1/register/status');
    const registeredSend = await text();

    expect(before.body).toMatchObject({ status: 'unregistered', registered: false, brand: null, campaign: null, submittedAt: null });
    expect(unregisteredSend.body.warning).toContain('no A2P 10DLC registration');
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      status: 'pending',
      carrier: 'simulated',
      brand: { businessName: 'Acme Dental LLC', businessType: 'llc', industry: 'HEALTHCARE', stockExchange: null, address: { region: 'CA' } },
      campaign: { useCase: 'CUSTOMER_CARE', hasEmbeddedLinks: false, hasEmbeddedPhone: false },
      submittedAt: '2026-03-10T12:00:00.000Z',
    });
    expect(pendingSend.body.warning).toContain('registration that is pending');
    expect(status.body).toMatchObject({ status: 'approved', registered: true, brandStatus: 'APPROVED', campaignStatus: 'VERIFIED' });
    expect(registeredSend.status).toBe(200);
    expect(registeredSend.body.warning).toBeUndefined();
    expect((await call('POST', '/v1/register', aRegisterBody())).body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('approved') });
  });

  it('refuses a body with 422 naming every problem at once, as sent, and stores nothing', async () => {
    const { call } = await setUp();

    const refused = await call(
      'POST',
      '/v1/register',
      aRegisterBody({
        brand: { industry: 'ASTROLOGY', businessType: 'empire', contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'not-an-address', phone: '+14155550100', jobTitle: 'Director' } },
        campaign: { useCase: 'SPAM', description: 'too short', sampleMessages: ['only one sample, which is not enough'] },
      }),
    );

    expect(refused.status).toBe(422);
    const fields = refused.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['brand.businessType', 'brand.contact.email', 'brand.industry', 'campaign.description', 'campaign.sampleMessages', 'campaign.useCase']);
    expect((await call('GET', '/v1/register/status')).body.status).toBe('unregistered');
  });
});
