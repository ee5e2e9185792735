import * as E from 'fp-ts/lib/Either.js';

/**
 * A project's A2P 10DLC registration: the business (the brand) and what it texts (the campaign
 * use case) that US carriers require before texts go out from a 10-digit US number.
 */

export const BUSINESS_TYPES = ['sole_proprietorship', 'partnership', 'corporation', 'llc', 'cooperative', 'non_profit'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const COMPANY_TYPES = ['private', 'public', 'non_profit', 'government'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** The registry's verticals, as Trust Hub names them. */
export const BUSINESS_INDUSTRIES = [
  'AGRICULTURE', 'AUTOMOTIVE', 'BANKING', 'CONSTRUCTION', 'CONSUMER', 'EDUCATION', 'ELECTRONICS', 'ENERGY', 'ENGINEERING',
  'FAST_MOVING_CONSUMER_GOODS', 'FINANCIAL', 'FINTECH', 'FOOD_AND_BEVERAGE', 'GOVERNMENT', 'HEALTHCARE', 'HOSPITALITY',
  'INSURANCE', 'JEWELRY', 'LEGAL', 'MANUFACTURING', 'MEDIA', 'NOT_FOR_PROFIT', 'OIL_AND_GAS', 'ONLINE',
  'PROFESSIONAL_SERVICES', 'RAW_MATERIALS', 'REAL_ESTATE', 'RELIGION', 'RETAIL', 'TECHNOLOGY', 'TELECOMMUNICATIONS',
  'TRANSPORTATION', 'TRAVEL',
] as const;

/** The Campaign Registry's use cases, by its codes. */
export const CAMPAIGN_USE_CASES = [
  '2FA',
  'ACCOUNT_NOTIFICATION',
  'CUSTOMER_CARE',
  'DELIVERY_NOTIFICATION',
  'FRAUD_ALERT',
  'HIGHER_EDUCATION',
  'LOW_VOLUME',
  'MARKETING',
  'MIXED',
  'POLLING_VOTING',
  'PUBLIC_SERVICE_ANNOUNCEMENT',
  'SECURITY_ALERT',
] as const;
export type CampaignUseCase = (typeof CAMPAIGN_USE_CASES)[number];

export interface BusinessAddress {
  readonly street: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
}

/** The person at the business the carriers' registry may contact. */
export interface BusinessContact {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly jobTitle: string;
}

export interface Brand {
  readonly businessName: string;
  readonly businessType: BusinessType;
  readonly companyType: CompanyType;
  /** The US Employer Identification Number (EIN), or the country's business registration number. */
  readonly ein: string;
  /** The registry's vertical, e.g. `TECHNOLOGY`, `HEALTHCARE`. */
  readonly industry: (typeof BUSINESS_INDUSTRIES)[number];
  readonly website: string;
  readonly address: BusinessAddress;
  readonly contact: BusinessContact;
  /** Public companies only. */
  readonly stockExchange: string | null;
  readonly stockTicker: string | null;
}

export interface CampaignUse {
  readonly useCase: CampaignUseCase;
  readonly description: string;
  /** How recipients opt in. */
  readonly messageFlow: string;
  readonly sampleMessages: readonly string[];
  readonly hasEmbeddedLinks: boolean;
  readonly hasEmbeddedPhone: boolean;
}

/**
 * `pending` from submission until the carrier approves both the brand and the campaign
 * (`approved`) or refuses either (`failed`).
 */
export type RegistrationStatus = 'pending' | 'approved' | 'failed';
export const REGISTRATION_STATUSES: readonly RegistrationStatus[] = ['pending', 'approved', 'failed'];

/** The carrier's own ids of what it made for the registration (Twilio: `BU…`, `BN…`, `MG…`, `QE…`). */
export type CarrierReferences = Readonly<Record<string, string>>;

/** What the carrier says of a registration now. */
export interface CarrierReport {
  readonly status: RegistrationStatus;
  /** The carrier's words for the brand's and the campaign's state (Twilio: `APPROVED`, `VERIFIED`, …), null before it has one. */
  readonly brandStatus: string | null;
  readonly campaignStatus: string | null;
  readonly failureReason: string | null;
  readonly references: CarrierReferences;
}

export interface MessagingRegistration extends CarrierReport {
  readonly projectId: string;
  readonly brand: Brand;
  readonly campaign: CampaignUse;
  /** Which registrar took it (`twilio`, `simulated`): another carrier's registration is not checked with this one. */
  readonly registrar: string;
  readonly submittedAt: Date;
  /** The last time the carrier was asked how it stands. */
  readonly checkedAt: Date;
  /** The numbers (E.164) the carrier holds in the campaign's sender pool: texts from others are not under it. */
  readonly senders: readonly string[];
}

export interface RegistrationInProgress {
  readonly _tag: 'RegistrationInProgress';
  readonly status: RegistrationStatus;
}

/**
 * A registration may be (re)submitted when there is none, or the last one failed: one pending
 * or approved stands, and a second one would pay the carrier's fees twice.
 */
export const mayRegister = (existing: MessagingRegistration | null): E.Either<RegistrationInProgress, void> =>
  existing === null || existing.status === 'failed' ? E.right(undefined) : E.left({ _tag: 'RegistrationInProgress', status: existing.status });

/** The registration as the carrier reports it at `now`. */
export const withReport = (registration: MessagingRegistration, report: CarrierReport, now: Date): MessagingRegistration => ({
  ...registration,
  ...report,
  references: { ...registration.references, ...report.references },
  checkedAt: now,
});

/** Whether the carrier has still to decide: the only state worth asking it about again. */
export const awaitsCarrier = (registration: MessagingRegistration): boolean => registration.status === 'pending';

/** US toll-free area codes: their texts go through toll-free verification, not 10DLC. */
const US_TOLL_FREE = /^\+18(00|33|44|55|66|77|88)\d{7}$/;

/** Whether texts from this number need A2P 10DLC: a 10-digit US long code. */
export const sendsUnderA2p10dlc = (number: { readonly phoneNumber: string; readonly country: string }): boolean =>
  number.country === 'US' && /^\+1\d{10}$/.test(number.phoneNumber) && !US_TOLL_FREE.test(number.phoneNumber);

/**
 * What a send from `number` answers besides the message while it is not under an approved
 * registration: carriers refuse or filter unregistered traffic (Twilio error 30034). A number
 * bought after the registration is outside it until it joins the sender pool. Null: nothing to say.
 */
export const registrationWarningFor = (
  number: { readonly phoneNumber: string; readonly country: string },
  registration: Pick<MessagingRegistration, 'status' | 'senders'> | null,
): string | null => {
  if (!sendsUnderA2p10dlc(number)) return null;
  if (registration?.status === 'approved') {
    return registration.senders.includes(number.phoneNumber)
      ? null
      : `${number.phoneNumber} is not yet a sender of this project's approved A2P 10DLC campaign: US carriers may refuse or filter its texts ` +
          '(Twilio error 30034). GET /v1/register/status adds the project\'s numbers to the campaign.';
  }
  const state = registration === null ? 'has no A2P 10DLC registration' : `has an A2P 10DLC registration that is ${registration.status}`;
  return `This project ${state}: US carriers may refuse or filter texts from ${number.phoneNumber} (Twilio error 30034). ` +
    'Register with POST /v1/register and follow it at GET /v1/register/status.';
};

/**
 * Which of the project's live numbers should join the registration's sender pool: its 10-digit
 * US numbers the pool does not hold yet. None while the registration failed (no pool to join).
 */
export const sendersToAdd = <N extends { readonly phoneNumber: string; readonly country: string }>(
  registration: Pick<MessagingRegistration, 'status' | 'senders'>,
  live: readonly N[],
): N[] => (registration.status === 'failed' ? [] : live.filter((n) => sendsUnderA2p10dlc(n) && !registration.senders.includes(n.phoneNumber)));

/** The pool after `added` joined it, without the numbers the project no longer holds. */
export const withSenders = (registration: MessagingRegistration, added: readonly string[], live: readonly string[]): MessagingRegistration => {
  const held = new Set(live);
  return { ...registration, senders: [...new Set([...registration.senders, ...added])].filter((n) => held.has(n)) };
};
