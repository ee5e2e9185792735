import * as t from 'io-ts';
import {
  BUSINESS_INDUSTRIES,
  BUSINESS_TYPES,
  CAMPAIGN_USE_CASES,
  COMPANY_TYPES,
  type MessagingRegistration,
} from '../../../domain/messaging-registration.js';
import { isoInstant, nullable, valuesIn, type Wire } from './schema.js';

const BrandView = t.strict({
  businessName: t.string,
  businessType: valuesIn(BUSINESS_TYPES),
  companyType: valuesIn(COMPANY_TYPES),
  ein: t.string,
  industry: valuesIn(BUSINESS_INDUSTRIES),
  website: t.string,
  address: t.strict({ street: t.string, city: t.string, region: t.string, postalCode: t.string, country: t.string }),
  contact: t.strict({ firstName: t.string, lastName: t.string, email: t.string, phone: t.string, jobTitle: t.string }),
  stockExchange: nullable(t.string),
  stockTicker: nullable(t.string),
}, 'RegistrationBrand');

const CampaignView = t.strict({
  useCase: valuesIn(CAMPAIGN_USE_CASES),
  description: t.string,
  messageFlow: t.string,
  sampleMessages: t.array(t.string),
  hasEmbeddedLinks: t.boolean,
  hasEmbeddedPhone: t.boolean,
}, 'RegistrationCampaign');

/**
 * `GET /v1/register/status` and the answer of `POST /v1/register`: where the carrier's review
 * stands (`unregistered` before any submission), what was submitted, and the carrier's own ids.
 */
export const RegistrationView = t.strict({
  status: valuesIn(['unregistered', 'pending', 'approved', 'failed'] as const),
  registered: t.boolean,
  brandStatus: nullable(t.string),
  campaignStatus: nullable(t.string),
  failureReason: nullable(t.string),
  carrier: nullable(t.string),
  brand: nullable(BrandView),
  campaign: nullable(CampaignView),
  carrierReferences: t.record(t.string, t.string),
  /** The numbers in the campaign's sender pool: texts from the project's other numbers are not under it. */
  senders: t.array(t.string),
  submittedAt: nullable(t.string),
  checkedAt: nullable(t.string),
}, 'Registration');

export const registrationView = (registration: MessagingRegistration | null): Wire<typeof RegistrationView> =>
  registration === null
    ? {
        status: 'unregistered',
        registered: false,
        brandStatus: null,
        campaignStatus: null,
        failureReason: null,
        carrier: null,
        brand: null,
        campaign: null,
        carrierReferences: {},
        senders: [],
        submittedAt: null,
        checkedAt: null,
      }
    : {
        status: registration.status,
        registered: registration.status === 'approved',
        brandStatus: registration.brandStatus,
        campaignStatus: registration.campaignStatus,
        failureReason: registration.failureReason,
        carrier: registration.registrar,
        brand: { ...registration.brand, address: { ...registration.brand.address }, contact: { ...registration.brand.contact } },
        campaign: { ...registration.campaign, sampleMessages: [...registration.campaign.sampleMessages] },
        carrierReferences: { ...registration.references },
        senders: [...registration.senders],
        submittedAt: isoInstant(registration.submittedAt),
        checkedAt: isoInstant(registration.checkedAt),
      };
