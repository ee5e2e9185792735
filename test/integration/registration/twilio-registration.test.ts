import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTwilioRegistration } from '../../support/fake-twilio-registration.js';
import { aRegisterBody } from '../../support/registration-builders.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const PRIMARY_PROFILE = 'BU0123456789abcdef0123456789abcdef';
const SECONDARY_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
const A2P_PROFILE_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';

/** A2P 10DLC through Twilio's Trust Hub and Messaging APIs (the fake Twilio's), driven over HTTP as a client would. */
describe('POST /v1/register and GET /v1/register/status on Twilio', () => {
  let h: VoiceHarness;
  let registry: FakeTwilioRegistration;
  beforeAll(async () => {
    h = await aVoiceSwitchboard({ twilio: true, webCalls: { primaryCustomerProfileSid: PRIMARY_PROFILE } });
    registry = FakeTwilioRegistration.installOn(h.fake);
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** A project of its own, with an agent on a 10-digit US number bought on the fake Twilio. */
  const aProject = async () => {
    const created = await h.sut.useCases().projects.createProject.execute({ email: `reg-${crypto.randomUUID()}@example.com` as never })();
    if (created._tag === 'Left') throw new Error('project not created');
    const key = created.right.apiKey.clear;
    const api = (method: string, path: string, body?: unknown) => h.api(method, path, body, key);
    const agent = (await api('POST', '/v1/agents', { name: 'Front desk' })).body;
    const number = (await api('POST', '/v1/numbers', { agentId: agent.id })).body;
    const sid = [...h.fake.incomingNumbers.values()].find((n) => n.phone_number === number.phoneNumber)!.sid as string;
    const text = () => api('POST', '/v1/messages', { agent_id: agent.id, to_number: '+12125550199', body: 'See you at 3pm.' });
    const buy = async () => {
      const bought = (await api('POST', '/v1/numbers', { agentId: agent.id })).body;
      return { ...bought, sid: [...h.fake.incomingNumbers.values()].find((n) => n.phone_number === bought.phoneNumber)!.sid as string };
    };
    const textFrom = (numberId: string) => api('POST', '/v1/messages', { number_id: numberId, to_number: '+12125550199', body: 'See you at 3pm.' });
    return { api, number, sid, text, buy, textFrom };
  };

  it('submits the business to Trust Hub, registers the brand and makes a Messaging Service holding the number', async () => {
    const { api, sid } = await aProject();
    h.fake.requests.length = 0;

    const reply = await api('POST', '/v1/register', aRegisterBody());

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'pending', registered: false, brandStatus: 'PENDING', campaignStatus: null, carrier: 'twilio' });
    const { customerProfile, trustProduct, brandRegistration, messagingService } = reply.body.carrierReferences;
    const profile = registry.bundles.get(customerProfile)!;
    const product = registry.bundles.get(trustProduct)!;
    expect(profile).toMatchObject({ kind: 'customer_profile', policySid: SECONDARY_PROFILE_POLICY, email: 'ada@acme-dental.example.com', status: 'pending-review' });
    const assigned = profile.assigned.map((s) => registry.endUsers.get(s) ?? registry.documents.get(s) ?? s);
    expect(assigned).toEqual([
      { type: 'customer_profile_business_information', attributes: expect.objectContaining({ business_name: 'Acme Dental LLC', business_type: 'Limited Liability Corporation', business_registration_identifier: 'EIN', business_registration_number: '12-3456789', business_industry: 'HEALTHCARE', website_url: 'https://acme-dental.example.com' }) },
      { type: 'authorized_representative_1', attributes: expect.objectContaining({ first_name: 'Ada', last_name: 'Lovelace', phone_number: '+14155550100', business_title: 'Director' }) },
      { type: 'customer_profile_address', attributes: { address_sids: expect.stringMatching(/^AD/) } },
      PRIMARY_PROFILE,
    ]);
    const [address] = [...registry.addresses.values()].slice(-1);
    expect(address).toMatchObject({ Street: '1 Main Street', City: 'San Francisco', Region: 'CA', PostalCode: '94105', IsoCountry: 'US' });
    expect(product).toMatchObject({ kind: 'trust_product', policySid: A2P_PROFILE_POLICY, status: 'pending-review' });
    expect(product.assigned.map((s) => registry.endUsers.get(s) ?? s)).toEqual([{ type: 'us_a2p_messaging_profile_information', attributes: { company_type: 'private' } }, customerProfile]);
    expect(registry.brands.get(brandRegistration)).toMatchObject({ customerProfile, trustProduct, status: 'PENDING' });
    expect(registry.services.get(messagingService)).toMatchObject({ useInboundWebhookOnNumber: 'true', numbers: [sid] });
    expect(h.fake.requests.filter((r) => r.endpoint?.startsWith('evaluate:'))).toHaveLength(2);
  });

  it('follows the review: the campaign is submitted once the brand is approved, and approval ends the polling and the warning', async () => {
    const { api, text } = await aProject();
    const submitted = (await api('POST', '/v1/register', aRegisterBody())).body;
    const { brandRegistration } = submitted.carrierReferences;
    expect((await text()).body.warning).toContain('pending');

    const stillPending = await api('GET', '/v1/register/status');
    registry.decideBrand(brandRegistration, 'APPROVED');
    const campaignSubmitted = await api('GET', '/v1/register/status');
    const campaign = registry.campaigns.get(campaignSubmitted.body.carrierReferences.campaign)!;
    registry.decideCampaign(campaign.sid, 'VERIFIED');
    const approved = await api('GET', '/v1/register/status');
    h.fake.requests.length = 0;
    const again = await api('GET', '/v1/register/status');

    expect(stillPending.body).toMatchObject({ status: 'pending', brandStatus: 'PENDING', campaignStatus: null });
    expect(campaignSubmitted.body).toMatchObject({ status: 'pending', brandStatus: 'APPROVED', campaignStatus: 'IN_PROGRESS' });
    expect(campaign.form).toMatchObject({
      BrandRegistrationSid: brandRegistration,
      UsAppToPersonUsecase: 'CUSTOMER_CARE',
      MessageSamples: aRegisterBody().campaign.sampleMessages,
      HasEmbeddedLinks: 'false',
      HasEmbeddedPhone: 'false',
    });
    expect(approved.body).toMatchObject({ status: 'approved', registered: true, campaignStatus: 'VERIFIED' });
    expect(again.body).toEqual(approved.body);
    expect(h.fake.requests.filter((r) => r.path.startsWith('/v1/'))).toEqual([]);
    expect((await text()).body.warning).toBeUndefined();
    expect((await api('POST', '/v1/register', aRegisterBody())).status).toBe(409);
  });

  it('puts a number bought after registering into the Messaging Service, and one whose joining failed on the next status read', async () => {
    const { api, sid, buy, textFrom } = await aProject();
    const submitted = (await api('POST', '/v1/register', aRegisterBody())).body;
    const { brandRegistration, messagingService } = submitted.carrierReferences;
    registry.decideBrand(brandRegistration, 'APPROVED');
    const campaignSid = (await api('GET', '/v1/register/status')).body.carrierReferences.campaign;
    registry.decideCampaign(campaignSid, 'VERIFIED');
    await api('GET', '/v1/register/status');

    const second = await buy();
    h.fake.failNext('addServiceNumber', { status: 500, code: 20500, message: 'Internal Server Error' });
    const third = await buy();
    const beforeRead = { pool: [...registry.services.get(messagingService)!.numbers], warning: (await textFrom(third.id)).body.warning };
    const status = await api('GET', '/v1/register/status');

    expect(second.phoneNumber).toBeDefined();
    expect(beforeRead.pool).toEqual([sid, second.sid]);
    expect(beforeRead.warning).toContain(`${third.phoneNumber} is not yet a sender`);
    expect(registry.services.get(messagingService)!.numbers).toEqual([sid, second.sid, third.sid]);
    expect(status.body).toMatchObject({ status: 'approved', senders: expect.arrayContaining([second.phoneNumber, third.phoneNumber]) });
    expect(status.body.senders).toHaveLength(3);
    expect((await textFrom(second.id)).body.warning).toBeUndefined();
    expect((await textFrom(third.id)).body.warning).toBeUndefined();
  });

  it("reports the registry's refusal of the brand, and takes a corrected submission after it", async () => {
    const { api } = await aProject();
    const submitted = (await api('POST', '/v1/register', aRegisterBody())).body;
    registry.decideBrand(submitted.carrierReferences.brandRegistration, 'FAILED', 'TAX_ID does not match the business name');

    const failed = await api('GET', '/v1/register/status');
    const again = await api('POST', '/v1/register', aRegisterBody({ brand: { businessName: 'Acme Dental Group LLC' } }));

    expect(failed.body).toMatchObject({ status: 'failed', registered: false, brandStatus: 'FAILED', failureReason: 'TAX_ID does not match the business name' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'pending', brand: { businessName: 'Acme Dental Group LLC' } });
  });

  it("answers Trust Hub's refusal of incomplete details with 502 and stores nothing", async () => {
    const { api } = await aProject();
    registry.evaluation = { status: 'noncompliant', results: [{ friendly_name: 'Business Information', valid: false }] };
    try {
      const refused = await api('POST', '/v1/register', aRegisterBody());

      expect(refused.status).toBe(502);
      expect(refused.body.error).toMatchObject({ code: 'TWILIO_ERROR', message: expect.stringContaining('Business Information') });
      expect((await api('GET', '/v1/register/status')).body).toMatchObject({ status: 'unregistered', registered: false, brand: null });
    } finally {
      registry.evaluation = { status: 'compliant', results: [] };
    }
  });
});
