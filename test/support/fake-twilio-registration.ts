import { randomBytes } from 'node:crypto';
import { twilioError, type EndpointRequest, type FakeTwilioApi, type Reply, type WireValue } from './fake-twilio-api.js';

const hex32 = () => randomBytes(16).toString('hex');
const single = (value: WireValue | undefined) => (Array.isArray(value) ? value[0] : value);
const list = (value: WireValue | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A Trust Hub bundle (a customer profile or a trust product) as the fake keeps it. */
export interface FakeBundle {
  readonly sid: string;
  readonly kind: 'customer_profile' | 'trust_product';
  readonly friendlyName: string;
  readonly email: string;
  readonly policySid: string;
  status: string;
  readonly assigned: string[];
}

export interface FakeCampaign {
  readonly sid: string;
  readonly messagingServiceSid: string;
  readonly form: Record<string, WireValue>;
  campaignStatus: string;
}

/**
 * Twilio's A2P 10DLC registration APIs on the fake Twilio server: Trust Hub (customer profiles,
 * trust products, end users, supporting documents, their assignments and evaluations), the
 * account's Addresses, and Messaging (brand registrations, services with their numbers, and the
 * UsAppToPerson campaigns). Brands start `PENDING` and campaigns `IN_PROGRESS`; a test decides
 * the carriers' review with {@link decideBrand} and {@link decideCampaign}.
 */
export class FakeTwilioRegistration {
  readonly bundles = new Map<string, FakeBundle>();
  readonly endUsers = new Map<string, { readonly type: string; readonly attributes: Record<string, unknown> }>();
  readonly documents = new Map<string, { readonly type: string; readonly attributes: Record<string, unknown> }>();
  readonly addresses = new Map<string, Record<string, WireValue>>();
  readonly brands = new Map<string, { readonly customerProfile: string; readonly trustProduct: string; status: string; failureReason: string | null }>();
  readonly services = new Map<string, { readonly friendlyName: string; readonly useInboundWebhookOnNumber: string | undefined; readonly numbers: string[] }>();
  readonly campaigns = new Map<string, FakeCampaign>();
  /** What the next evaluations answer: `compliant`, or `noncompliant` with these results. */
  evaluation: { readonly status: 'compliant' | 'noncompliant'; readonly results: unknown[] } = { status: 'compliant', results: [] };

  private constructor() {}

  /** Every pattern has a named group: the fake matches an endpoint by the groups its path gives. */
  static installOn(fake: FakeTwilioApi): FakeTwilioRegistration {
    const r = new FakeTwilioRegistration();
    for (const [kind, path] of [['customer_profile', 'CustomerProfiles'], ['trust_product', 'TrustProducts']] as const) {
      fake.addEndpoint(`create:${path}`, 'POST', `/v1/(?<resource>${path})`, (q) => r.createBundle(kind, q));
      fake.addEndpoint(`update:${path}`, 'POST', `/v1/${path}/(?<sid>BU\\w+)`, (q) => r.updateBundle(q));
      fake.addEndpoint(`assign:${path}`, 'POST', `/v1/${path}/(?<sid>BU\\w+)/EntityAssignments`, (q) => r.assign(q));
      fake.addEndpoint(`evaluate:${path}`, 'POST', `/v1/${path}/(?<sid>BU\\w+)/Evaluations`, (q) => r.evaluate(q));
    }
    fake.addEndpoint('createEndUser', 'POST', '/v1/(?<resource>EndUsers)', (q) => r.createEntity(r.endUsers, 'IT', q));
    fake.addEndpoint('createSupportingDocument', 'POST', '/v1/(?<resource>SupportingDocuments)', (q) => r.createEntity(r.documents, 'RD', q));
    fake.addEndpoint('createAddress', 'POST', '/2010-04-01/Accounts/(?<accountSid>AC[0-9a-fA-F]{32})/Addresses\\.json', (q) => r.createAddress(q));
    fake.addEndpoint('createBrandRegistration', 'POST', '/v1/a2p/(?<resource>BrandRegistrations)', (q) => r.createBrand(q));
    fake.addEndpoint('fetchBrandRegistration', 'GET', '/v1/a2p/BrandRegistrations/(?<sid>BN\\w+)', (q) => r.fetchBrand(q));
    fake.addEndpoint('createMessagingService', 'POST', '/v1/(?<resource>Services)', (q) => r.createService(q));
    fake.addEndpoint('addServiceNumber', 'POST', '/v1/Services/(?<sid>MG\\w+)/PhoneNumbers', (q) => r.addServiceNumber(q));
    fake.addEndpoint('createUsAppToPerson', 'POST', '/v1/Services/(?<sid>MG\\w+)/Compliance/Usa2p', (q) => r.createCampaign(q));
    fake.addEndpoint('fetchUsAppToPerson', 'GET', '/v1/Services/(?<sid>MG\\w+)/Compliance/Usa2p/(?<campaign>QE\\w+)', (q) => r.fetchCampaign(q));
    return r;
  }

  /** The carriers' registry decides the brand: `APPROVED`, or `FAILED` with a reason. */
  decideBrand(sid: string, status: 'APPROVED' | 'FAILED', failureReason: string | null = null): void {
    const brand = this.brands.get(sid);
    if (!brand) throw new Error(`no brand registration ${sid}`);
    Object.assign(brand, { status, failureReason });
  }

  /** The carriers decide the campaign: `VERIFIED` or `FAILED`. */
  decideCampaign(sid: string, campaignStatus: 'VERIFIED' | 'FAILED'): void {
    const campaign = this.campaigns.get(sid);
    if (!campaign) throw new Error(`no campaign ${sid}`);
    campaign.campaignStatus = campaignStatus;
  }

  private createBundle(kind: FakeBundle['kind'], { form }: EndpointRequest): Reply {
    const sid = `BU${hex32()}`;
    const bundle: FakeBundle = { sid, kind, friendlyName: String(single(form.FriendlyName)), email: String(single(form.Email)), policySid: String(single(form.PolicySid)), status: 'draft', assigned: [] };
    this.bundles.set(sid, bundle);
    return { status: 201, body: this.bundleJson(bundle) };
  }

  private updateBundle({ params, form }: EndpointRequest): Reply {
    const bundle = this.bundles.get(params.sid!);
    if (!bundle) return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.sid} was not found` });
    bundle.status = String(single(form.Status) ?? bundle.status);
    return { status: 200, body: this.bundleJson(bundle) };
  }

  private assign({ params, form }: EndpointRequest): Reply {
    const bundle = this.bundles.get(params.sid!);
    const objectSid = String(single(form.ObjectSid));
    if (!bundle) return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.sid} was not found` });
    bundle.assigned.push(objectSid);
    return { status: 201, body: { sid: `BV${hex32()}`, object_sid: objectSid, date_created: new Date().toISOString() } };
  }

  private evaluate({ params, form }: EndpointRequest): Reply {
    return { status: 201, body: { sid: `EL${hex32()}`, policy_sid: single(form.PolicySid), status: this.evaluation.status, results: this.evaluation.results, bundle_sid: params.sid } };
  }

  private createEntity(into: Map<string, { type: string; attributes: Record<string, unknown> }>, prefix: string, { form }: EndpointRequest): Reply {
    const sid = `${prefix}${hex32()}`;
    const attributes = JSON.parse(String(single(form.Attributes) ?? '{}')) as Record<string, unknown>;
    into.set(sid, { type: String(single(form.Type)), attributes });
    return { status: 201, body: { sid, friendly_name: single(form.FriendlyName), type: single(form.Type), attributes } };
  }

  private createAddress({ accountSid, form }: EndpointRequest): Reply {
    const sid = `AD${hex32()}`;
    this.addresses.set(sid, form);
    return { status: 201, body: { sid, account_sid: accountSid, customer_name: single(form.CustomerName), street: single(form.Street), city: single(form.City), region: single(form.Region), postal_code: single(form.PostalCode), iso_country: single(form.IsoCountry) } };
  }

  private createBrand({ form }: EndpointRequest): Reply {
    const sid = `BN${hex32()}`;
    this.brands.set(sid, { customerProfile: String(single(form.CustomerProfileBundleSid)), trustProduct: String(single(form.A2PProfileBundleSid)), status: 'PENDING', failureReason: null });
    return this.fetchBrand({ accountSid: '', params: { sid }, query: {}, form: {} }, 201);
  }

  private fetchBrand({ params }: EndpointRequest, status = 200): Reply {
    const brand = this.brands.get(params.sid!);
    if (!brand) return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.sid} was not found` });
    return { status, body: { sid: params.sid, customer_profile_bundle_sid: brand.customerProfile, a2p_profile_bundle_sid: brand.trustProduct, status: brand.status, failure_reason: brand.failureReason, errors: [] } };
  }

  private createService({ form }: EndpointRequest): Reply {
    const sid = `MG${hex32()}`;
    this.services.set(sid, { friendlyName: String(single(form.FriendlyName)), useInboundWebhookOnNumber: single(form.UseInboundWebhookOnNumber), numbers: [] });
    return { status: 201, body: { sid, friendly_name: single(form.FriendlyName) } };
  }

  private addServiceNumber({ params, form }: EndpointRequest): Reply {
    const service = this.services.get(params.sid!);
    if (!service) return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.sid} was not found` });
    const number = String(single(form.PhoneNumberSid));
    if (service.numbers.includes(number)) return twilioError({ status: 409, code: 21710, message: 'Phone Number is already in the Messaging Service' });
    service.numbers.push(number);
    return { status: 201, body: { sid: single(form.PhoneNumberSid), service_sid: params.sid } };
  }

  private createCampaign({ params, form }: EndpointRequest): Reply {
    if (!this.services.has(params.sid!)) return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.sid} was not found` });
    const brand = this.brands.get(String(single(form.BrandRegistrationSid)));
    if (brand?.status !== 'APPROVED') return twilioError({ status: 400, code: 21712, message: 'The brand registration is not approved' });
    const sid = `QE${hex32()}`;
    this.campaigns.set(sid, { sid, messagingServiceSid: params.sid!, form, campaignStatus: 'IN_PROGRESS' });
    return this.fetchCampaign({ accountSid: '', params: { sid: params.sid!, campaign: sid }, query: {}, form: {} }, 201);
  }

  private fetchCampaign({ params }: EndpointRequest, status = 200): Reply {
    const campaign = this.campaigns.get(params.campaign!);
    if (!campaign || campaign.messagingServiceSid !== params.sid) return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.campaign} was not found` });
    return {
      status,
      body: {
        sid: campaign.sid,
        messaging_service_sid: campaign.messagingServiceSid,
        brand_registration_sid: single(campaign.form.BrandRegistrationSid),
        us_app_to_person_usecase: single(campaign.form.UsAppToPersonUsecase),
        message_samples: list(campaign.form.MessageSamples),
        campaign_status: campaign.campaignStatus,
        errors: campaign.campaignStatus === 'FAILED' ? [{ code: 30896, description: 'the campaign was rejected' }] : [],
      },
    };
  }

  private bundleJson(bundle: FakeBundle) {
    return { sid: bundle.sid, friendly_name: bundle.friendlyName, email: bundle.email, policy_sid: bundle.policySid, status: bundle.status };
  }
}
