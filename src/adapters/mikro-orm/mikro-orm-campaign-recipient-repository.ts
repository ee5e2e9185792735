import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignRecipientRepository, RecipientCounts, RecipientListQuery } from '../../application/ports/campaign-repositories.js';
import type { Page } from '../../application/ports/pagination.js';
import {
  RECIPIENT_STATUSES,
  type AttemptOutcome,
  type CampaignRecipient,
  type RecipientStatus,
  type SkipReason,
} from '../../domain/campaign-recipient.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import { CampaignRecipientSchema, type CampaignRecipientRow } from './entities/campaign.js';
import { decodeColumn, VariablesJson } from './json-columns.js';
import { runSelect, runWrite } from './native-select.js';
import { findPage, findRow, insertRowsNative, selectRows, translateUniqueViolation } from './storage-support.js';

const toRecipient = (row: CampaignRecipientRow): CampaignRecipient => ({
  id: row.id,
  campaignId: row.campaignId,
  projectId: row.projectId,
  phoneNumber: trustE164(row.phoneNumber),
  contactId: row.contactId,
  variables: decodeColumn(VariablesJson, row.variables, 'campaign_recipients', 'variables', row.id),
  timeZone: row.timeZone,
  status: row.status as RecipientStatus,
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt,
  lastCallId: row.lastCallId,
  lastOutcome: row.lastOutcome as AttemptOutcome | null,
  skipReason: row.skipReason as SkipReason | null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const toRecipientRow = (recipient: CampaignRecipient, lockedUntil: Date | null): CampaignRecipientRow => ({
  ...recipient,
  variables: { ...recipient.variables },
  lockedUntil,
});

const WAITING = `status in ('pending', 'retry_scheduled')`;

export class MikroOrmCampaignRecipientRepository implements CampaignRecipientRepository {
  constructor(private readonly em: EntityManager) {}

  /** Native SQL: a large import is split into statements, all or none, by insertRowsNative. */
  insert(recipients: readonly CampaignRecipient[]): Promise<void> {
    return insertRowsNative(this.em, CampaignRecipientSchema, recipients.map((r) => toRecipientRow(r, null)));
  }

  async existingNumbers(campaignId: string, phoneNumbers: readonly E164[]): Promise<readonly E164[]> {
    if (phoneNumbers.length === 0) return [];
    const rows: { phone_number: string }[] = await runSelect(
      this.em,
      // A lateral probe of the campaign's unique number a number: the cost follows the import, not the campaign's size.
      `select n.phone_number from (select distinct jsonb_array_elements_text(?::jsonb) as phone_number) as n
       cross join lateral (select 1 from campaign_recipients where campaign_id = ? and phone_number = n.phone_number limit 1) as r`,
      [JSON.stringify(phoneNumbers), campaignId],
      { prepare: false, effect: 'read' },
    );
    return rows.map((r) => trustE164(r.phone_number));
  }

  async findById(campaignId: string, id: string): Promise<CampaignRecipient | null> {
    const row = await findRow(this.em, CampaignRecipientSchema, { id, campaignId });
    return row && toRecipient(row);
  }

  list(campaignId: string, query: RecipientListQuery): Promise<Page<CampaignRecipient>> {
    return findPage(
      this.em,
      CampaignRecipientSchema,
      {
        campaignId,
        ...(query.status === null ? {} : { status: query.status }),
        ...(query.outcome === null ? {} : { lastOutcome: query.outcome }),
      },
      { createdAt: 'asc', id: 'asc' },
      query,
      toRecipient,
    );
  }

  async countByStatus(campaignId: string): Promise<RecipientCounts> {
    const rows: { status: string; count: string }[] = await runSelect(
      this.em,
      'select status, count(*) as count from campaign_recipients where campaign_id = ? group by status',
      [campaignId],
      { prepare: false, effect: 'read' },
    );
    const counted = new Map(rows.map((row) => [row.status, Number(row.count)]));
    return Object.fromEntries(RECIPIENT_STATUSES.map((status) => [status, counted.get(status) ?? 0])) as RecipientCounts;
  }

  async countInFlight(campaignId: string, now: Date): Promise<number> {
    const [row]: { count: string }[] = await runSelect(
      this.em,
      `select count(*) as count from campaign_recipients where campaign_id = ? and status = 'in_progress' and locked_until > ?`,
      [campaignId, now],
      { prepare: false, effect: 'read' },
    );
    return Number(row?.count ?? 0);
  }

  /**
   * Two index scans (the due waiting ones, the expired in-progress ones), each locking with
   * SKIP LOCKED: rows another node is claiming right now are passed over, not waited for.
   */
  async claimDue(campaignId: string, now: Date, limit: number): Promise<readonly CampaignRecipient[]> {
    const rows = await selectRows(
      this.em,
      CampaignRecipientSchema,
      `with due as (
         select id from campaign_recipients
         where campaign_id = ? and ${WAITING} and next_attempt_at <= ? and (locked_until is null or locked_until <= ?)
         order by next_attempt_at, id limit ? for update skip locked),
       stale as (
         select id from campaign_recipients
         where campaign_id = ? and status = 'in_progress' and locked_until <= ?
         order by locked_until, id limit ? for update skip locked)
       select * from campaign_recipients where id in (select id from due union all select id from stale)`,
      [campaignId, now, now, limit, campaignId, now, limit],
    );
    const byDue = (a: CampaignRecipientRow, b: CampaignRecipientRow) =>
      (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return rows.sort(byDue).slice(0, limit).map(toRecipient);
  }

  async claimEnded(limit: number): Promise<readonly CampaignRecipient[]> {
    const rows = await selectRows(
      this.em,
      CampaignRecipientSchema,
      `select r.* from campaign_recipients r join calls c on c.id = r.last_call_id
       where r.status = 'in_progress' and c.status <> 'in-progress'
       order by r.created_at, r.id limit ? for update of r skip locked`,
      [limit],
    );
    return rows.map(toRecipient);
  }

  /** One statement (an update from a JSON document) for any number of rows. */
  async save(recipients: readonly CampaignRecipient[], leaseUntil: Date | null): Promise<void> {
    if (recipients.length === 0) return;
    const rows = recipients.map((r) => ({
      id: r.id,
      status: r.status,
      attempts: r.attempts,
      next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
      last_call_id: r.lastCallId,
      last_outcome: r.lastOutcome,
      skip_reason: r.skipReason,
      updated_at: r.updatedAt.toISOString(),
    }));
    try {
      await runWrite(
        this.em,
        `update campaign_recipients r set
           status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,
           last_call_id = v.last_call_id, last_outcome = v.last_outcome, skip_reason = v.skip_reason,
           updated_at = v.updated_at, locked_until = ?
         from jsonb_to_recordset(?::jsonb) as v(id text, status text, attempts integer,
           next_attempt_at timestamptz, last_call_id text, last_outcome text, skip_reason text, updated_at timestamptz)
         where r.id = v.id`,
        [leaseUntil, JSON.stringify(rows)],
      );
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  async renewLeases(ids: readonly string[], until: Date): Promise<void> {
    if (ids.length === 0) return;
    await runWrite(
      this.em,
      `update campaign_recipients set locked_until = ?
       where status = 'in_progress' and id in (select jsonb_array_elements_text(?::jsonb))`,
      [until, JSON.stringify(ids)],
    );
  }

  async skipNumber(projectId: string, phoneNumber: E164, reason: 'do_not_call', now: Date): Promise<number> {
    const rows: unknown[] = await runSelect(
      this.em,
      `update campaign_recipients set status = 'skipped', skip_reason = ?, next_attempt_at = null, updated_at = ?
       where project_id = ? and phone_number = ? and ${WAITING} returning id`,
      [reason, now, projectId, phoneNumber],
      { prepare: false },
    );
    return rows.length;
  }

  async skipRemaining(campaignId: string, reason: 'cancelled' | 'schedule_ended', now: Date): Promise<number> {
    const rows: unknown[] = await runSelect(
      this.em,
      `update campaign_recipients set status = 'skipped', skip_reason = ?, next_attempt_at = null, updated_at = ?
       where campaign_id = ? and ${WAITING} returning id`,
      [reason, now, campaignId],
      { prepare: false },
    );
    return rows.length;
  }
}

