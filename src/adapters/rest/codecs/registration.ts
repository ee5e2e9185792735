import * as t from 'io-ts';
import type { RegisterMessagingInput } from '../../../application/use-cases/registration/register-messaging.js';
import { BUSINESS_INDUSTRIES, BUSINESS_TYPES, CAMPAIGN_USE_CASES, COMPANY_TYPES } from '../../../domain/messaging-registration.js';
import { emailAddress, matching, nullable, oneOf } from './common.js';
import { describedAs } from './described.js';
import { anyPhoneNumber } from './phone.js';
import { textProblem } from './text.js';

/** Text of `min` to `max` characters: the carriers' registry refuses shorter descriptions and samples. */
const textBetween = (min: number, max: number) =>
  describedAs(
    new t.Type<string, string, unknown>(
      'string',
      (u): u is string => typeof u === 'string' && u.trim().length >= min && textProblem(u, max) === null,
      (u, c) => {
        if (typeof u !== 'string') return t.failure(u, c);
        const problem = textProblem(u, max) ?? (u.trim().length < min ? `must be at least ${min} characters` : null);
        return problem ? t.failure(u, c, problem) : t.success(u.trim());
      },
      String,
    ),
    { type: 'string', minLength: min, maxLength: max },
  );

const SAMPLE = { min: 20, max: 1024 };
const sample = textBetween(SAMPLE.min, SAMPLE.max);

/** Two to five sample texts, as the registry asks. */
const sampleMessages = describedAs(
  new t.Type<readonly string[], readonly string[], unknown>(
    'array of 2 to 5 sample texts',
    (u): u is readonly string[] => Array.isArray(u) && u.length >= 2 && u.length <= 5 && u.every(sample.is),
    (u, c) => {
      if (!Array.isArray(u)) return t.failure(u, c);
      if (u.length < 2 || u.length > 5) return t.failure(u, c, 'must hold 2 to 5 sample texts');
      return t.array(sample).validate(u, c);
    },
    (samples) => samples,
  ),
  { type: 'array', minItems: 2, maxItems: 5, items: { type: 'string', minLength: SAMPLE.min, maxLength: SAMPLE.max } },
);

const short = (max: number) => textBetween(1, max);

const AddressBody = t.exact(
  t.type({
    street: short(200),
    city: short(100),
    region: matching(/^[A-Za-z]{2,3}$/, 'must be the state or province code, e.g. CA', 'region code', 3),
    postalCode: matching(/^[A-Za-z0-9 -]{3,10}$/, 'must be a postal code, e.g. 94105', 'postal code', 10),
    country: matching(/^[A-Z]{2}$/, 'must be a 2-letter country code (ISO 3166-1) in capitals, e.g. US', 'country code', 2),
  }),
);

const ContactBody = t.exact(t.type({ firstName: short(100), lastName: short(100), email: emailAddress, phone: anyPhoneNumber, jobTitle: short(100) }));

// Not exact: an intersection inside t.exact names its members' fields `brand.0.…`; toRegisterInput picks the known fields.
const BrandBody = t.intersection([
  t.type({
    businessName: short(200),
    businessType: oneOf(BUSINESS_TYPES),
    companyType: oneOf(COMPANY_TYPES),
    ein: matching(/^[A-Za-z0-9-]{2,40}$/, 'must be the business registration number (in the US its EIN, e.g. 12-3456789)', 'registration number', 40),
    industry: oneOf(BUSINESS_INDUSTRIES, (raw) => raw.trim().toUpperCase()),
    website: matching(/^https?:\/\/[^\s/]+\.[^\s]+$/, 'must be the business website, an http(s) URL', 'URL'),
    address: AddressBody,
    contact: ContactBody,
  }),
  t.partial({ stockExchange: nullable(short(20)), stockTicker: nullable(short(10)) }),
]);

const CampaignBody = t.intersection([
  t.type({ useCase: oneOf(CAMPAIGN_USE_CASES), description: textBetween(40, 4096), messageFlow: textBetween(40, 2048), sampleMessages }),
  t.partial({ hasEmbeddedLinks: t.boolean, hasEmbeddedPhone: t.boolean }),
]);

/** `POST /v1/register`: the business (the brand) and what it texts (the campaign use case). */
export const RegisterBody = t.type({ brand: BrandBody, campaign: CampaignBody });

export const toRegisterInput = (projectId: string, body: t.TypeOf<typeof RegisterBody>): RegisterMessagingInput => {
  const { brand, campaign } = body;
  return {
    projectId,
    brand: {
      businessName: brand.businessName,
      businessType: brand.businessType,
      companyType: brand.companyType,
      ein: brand.ein,
      industry: brand.industry,
      website: brand.website,
      address: { ...brand.address, region: brand.address.region.toUpperCase() },
      contact: { ...brand.contact },
      stockExchange: brand.stockExchange ?? null,
      stockTicker: brand.stockTicker ?? null,
    },
    campaign: {
      useCase: campaign.useCase,
      description: campaign.description,
      messageFlow: campaign.messageFlow,
      sampleMessages: [...campaign.sampleMessages],
      hasEmbeddedLinks: campaign.hasEmbeddedLinks ?? false,
      hasEmbeddedPhone: campaign.hasEmbeddedPhone ?? false,
    },
  };
};
