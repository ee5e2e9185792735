import type { EntityManager } from '@mikro-orm/postgresql';
import * as t from 'io-ts';
import type { MessagingRegistrationRepository } from '../../application/ports/messaging-registrar.js';
import {
  BUSINESS_INDUSTRIES,
  BUSINESS_TYPES,
  CAMPAIGN_USE_CASES,
  COMPANY_TYPES,
  REGISTRATION_STATUSES,
  type Brand,
  type CampaignUse,
  type MessagingRegistration,
  type RegistrationStatus,
} from '../../domain/messaging-registration.js';
import { decodeColumn, oneOf } from './json-columns.js';
import { MessagingRegistrationSchema } from './entities/messaging-registration.js';
import { runSelect } from './native-select.js';
import { ormUpsert } from './orm-writes.js';
import { dateOf } from './storage-support.js';

const PREPARED = { prepare: true } as const;
const TABLE = 'messaging_registrations';
const COLUMNS =
  'project_id, registrar, status, brand, campaign, brand_status, campaign_status, failure_reason, carrier_references, submitted_at, checked_at, senders';

const nullableText = t.union([t.string, t.null]);

/** `messaging_registrations.brand`, as submitted. */
const BrandJson: t.Type<Brand> = t.type({
  businessName: t.string,
  businessType: oneOf('business type', BUSINESS_TYPES),
  companyType: oneOf('company type', COMPANY_TYPES),
  ein: t.string,
  industry: oneOf('industry', BUSINESS_INDUSTRIES),
  website: t.string,
  address: t.type({ street: t.string, city: t.string, region: t.string, postalCode: t.string, country: t.string }),
  contact: t.type({ firstName: t.string, lastName: t.string, email: t.string, phone: t.string, jobTitle: t.string }),
  stockExchange: nullableText,
  stockTicker: nullableText,
});

/** `messaging_registrations.campaign`, as submitted. */
const CampaignJson: t.Type<CampaignUse> = t.type({
  useCase: oneOf('campaign use case', CAMPAIGN_USE_CASES),
  description: t.string,
  messageFlow: t.string,
  sampleMessages: t.readonlyArray(t.string),
  hasEmbeddedLinks: t.boolean,
  hasEmbeddedPhone: t.boolean,
});

const ReferencesJson = t.record(t.string, t.string);

/** `messaging_registrations.senders`: the numbers in the campaign's sender pool. */
const SendersJson = t.readonlyArray(t.string);

const toRegistration = (row: Record<string, unknown>): MessagingRegistration => {
  const id = row.project_id as string;
  const status = row.status as RegistrationStatus;
  if (!REGISTRATION_STATUSES.includes(status)) throw new Error(`${TABLE}.status of row ${id} is ${String(status)}`);
  return {
    projectId: id,
    registrar: row.registrar as string,
    status,
    brand: decodeColumn(BrandJson, row.brand, TABLE, 'brand', id),
    campaign: decodeColumn(CampaignJson, row.campaign, TABLE, 'campaign', id),
    brandStatus: (row.brand_status as string | null) ?? null,
    campaignStatus: (row.campaign_status as string | null) ?? null,
    failureReason: (row.failure_reason as string | null) ?? null,
    references: decodeColumn(ReferencesJson, row.carrier_references, TABLE, 'carrier_references', id),
    submittedAt: dateOf(row.submitted_at)!,
    checkedAt: dateOf(row.checked_at)!,
    senders: decodeColumn(SendersJson, row.senders, TABLE, 'senders', id),
  };
};

/** Registrations in `messaging_registrations`, one row per project. */
export class MikroOrmMessagingRegistrationRepository implements MessagingRegistrationRepository {
  constructor(private readonly em: EntityManager) {}

  async find(projectId: string): Promise<MessagingRegistration | null> {
    const [row] = await runSelect(this.em, `select ${COLUMNS} from ${TABLE} where project_id = ?`, [projectId], PREPARED);
    return row ? toRegistration(row) : null;
  }

  /** The project's one registration, replaced whole; through MikroORM on the unit's transaction (see orm-writes.ts). */
  async save(r: MessagingRegistration): Promise<void> {
    await ormUpsert(this.em, MessagingRegistrationSchema, {
      projectId: r.projectId,
      registrar: r.registrar,
      status: r.status,
      brand: { ...BrandJson.encode(r.brand) },
      campaign: { ...CampaignJson.encode(r.campaign) },
      brandStatus: r.brandStatus,
      campaignStatus: r.campaignStatus,
      failureReason: r.failureReason,
      carrierReferences: { ...r.references },
      submittedAt: r.submittedAt,
      checkedAt: r.checkedAt,
      senders: [...r.senders],
    });
  }
}
