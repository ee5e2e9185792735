import type { Brand, CampaignUse, MessagingRegistration } from '../../src/domain/messaging-registration.js';
import { at, newId } from './builders.js';

// The Object Mothers of A2P 10DLC registrations, beside builders.ts: a valid business, campaign
// and registration, changed by `overrides`.

export const aBrand = (overrides: Partial<Brand> = {}): Brand => ({
  businessName: 'Acme Dental LLC',
  businessType: 'llc',
  companyType: 'private',
  ein: '12-3456789',
  industry: 'HEALTHCARE',
  website: 'https://acme-dental.example.com',
  address: { street: '1 Main Street', city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US' },
  contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme-dental.example.com', phone: '+14155550100', jobTitle: 'Director' },
  stockExchange: null,
  stockTicker: null,
  ...overrides,
});

export const aCampaignUse = (overrides: Partial<CampaignUse> = {}): CampaignUse => ({
  useCase: 'CUSTOMER_CARE',
  description: 'Appointment reminders and answers to patients who text the practice about their visits.',
  messageFlow: 'Patients give their mobile number and agree to texts on the booking form at acme-dental.example.com/book.',
  sampleMessages: ['Hi Sam, your cleaning is tomorrow at 3pm. Reply C to confirm or STOP to opt out.', 'Thanks for your message, we will call you back within the hour.'],
  hasEmbeddedLinks: false,
  hasEmbeddedPhone: false,
  ...overrides,
});

/** A registration submitted at `at(0)`, pending at the simulated registrar. */
export const aRegistration = (overrides: Partial<MessagingRegistration> = {}): MessagingRegistration => ({
  projectId: newId('prj'),
  registrar: 'simulated',
  status: 'pending',
  brand: aBrand(),
  campaign: aCampaignUse(),
  brandStatus: 'PENDING',
  campaignStatus: null,
  failureReason: null,
  references: { brandRegistration: 'BN00000000000000000000000000000000' },
  submittedAt: at(0),
  checkedAt: at(0),
  senders: [],
  ...overrides,
});

/**
 * A `POST /v1/register` body as a client writes it, from the same business and campaign: the
 * optional fields left out.
 */
export const aRegisterBody = (overrides: { readonly brand?: Record<string, unknown>; readonly campaign?: Record<string, unknown> } = {}) => {
  const { stockExchange: _exchange, stockTicker: _ticker, ...brand } = aBrand();
  const { hasEmbeddedLinks: _links, hasEmbeddedPhone: _phone, ...campaign } = aCampaignUse();
  return { brand: { ...brand, ...overrides.brand }, campaign: { ...campaign, sampleMessages: [...campaign.sampleMessages], ...overrides.campaign } };
};
