import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  CampaignAttemptRepository,
  CampaignRecipientRepository,
  CampaignRepository,
  RecipientCounts,
  RecipientListQuery,
} from '../../application/ports/campaign-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { CallingSchedule, Weekday } from '../../domain/calling-window.js';
import type { Campaign, CampaignStatus, FromNumberPolicy, Pacing, RetryPolicy, VoicemailHandling } from '../../domain/campaign.js';
import {
  RECIPIENT_STATUSES,
  type AttemptOutcome,
  type CampaignAttempt,
  type CampaignRecipient,
  type RecipientStatus,
  type SkipReason,
} from '../../domain/campaign-recipient.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import {
  CampaignAttemptSchema,
  CampaignRecipientSchema,
  CampaignSchema,
  type CampaignAttemptRow,
  type CampaignRecipientRow,
  type CampaignRow,
} from './entities/campaign.js';
import { runSelect, runWrite } from './native-select.js';
import { findPage, findRow, insertRowsNative, selectRows, translateUniqueViolation, upsertRow } from './storage-support.js';

interface StoredSchedule {
  startAt: string | null;
  endBy: string | null;
  weekdays: Weekday[];
  dailyStartMinute: number;
  dailyEndMinute: number;
  defaultTimeZone: string;
}

const toCampaign = (row: CampaignRow): Campaign => {
  const schedule = row.schedule as unknown as StoredSchedule;
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    agentId: row.agentId,
    status: row.status as CampaignStatus,
    fromNumber: row.fromNumber as unknown as FromNumberPolicy,
    systemPrompt: row.systemPrompt,
    initialGreeting: row.initialGreeting,
    schedule: {
      ...schedule,
      startAt: schedule.startAt === null ? null : new Date(schedule.startAt),
      endBy: schedule.endBy === null ? null : new Date(schedule.endBy),
    } satisfies CallingSchedule,
    pacing: row.pacing as unknown as Pacing,
    retry: row.retry as unknown as RetryPolicy,
    voicemail: row.voicemail as VoicemailHandling,
    pausedReason: row.pausedReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
  };
};

const toCampaignRow = (campaign: Campaign, nextDialAt: Date | null): CampaignRow => ({
  ...campaign,
  fromNumber: { ...campaign.fromNumber },
  schedule: {
    ...campaign.schedule,
    weekdays: [...campaign.schedule.weekdays],
    startAt: campaign.schedule.startAt?.toISOString() ?? null,
    endBy: campaign.schedule.endBy?.toISOString() ?? null,
  },
  pacing: { ...campaign.pacing },
  retry: { ...campaign.retry, retryOn: [...campaign.retry.retryOn] },
  nextDialAt,
});

export class MikroOrmCampaignRepository implements CampaignRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<Campaign | null> {
    const row = await findRow(this.em, CampaignSchema, { id, projectId });
    return row && toCampaign(row);
  }

  list(projectId: string, page: PageRequest): Promise<Page<Campaign>> {
    return findPage(this.em, CampaignSchema, { projectId }, { createdAt: 'desc', id: 'desc' }, page, toCampaign);
  }

  /** Keeps the engine's `next_dial_at`: the user's changes never reset the pace. */
  async save(campaign: Campaign): Promise<void> {
    const current = await findRow(this.em, CampaignSchema, { id: campaign.id });
    await upsertRow(this.em, CampaignSchema, toCampaignRow(campaign, current?.nextDialAt ?? null));
  }

  async listActive(now: Date): Promise<readonly Campaign[]> {
    const rows = await selectRows(
      this.em,
      CampaignSchema,
      `select * from campaigns where status = 'running'
         or (status = 'scheduled' and coalesce((schedule->>'startAt')::timestamptz, '-infinity') <= ?)
       order by created_at, id`,
      [now],
    );
    return rows.map(toCampaign);
  }

  async lockForDialling(id: string): Promise<{ readonly campaign: Campaign; readonly nextDialAt: Date | null } | null> {
    const [row] = await selectRows(
      this.em,
      CampaignSchema,
      `select * from campaigns where id = ? and status = 'running' for update skip locked`,
      [id],
    );
    return row ? { campaign: toCampaign(row), nextDialAt: row.nextDialAt } : null;
  }

  async setNextDialAt(id: string, at: Date): Promise<void> {
    await runWrite(this.em, 'update campaigns set next_dial_at = ? where id = ?', [at, id]);
  }
}

const toRecipient = (row: CampaignRecipientRow): CampaignRecipient => ({
  id: row.id,
  campaignId: row.campaignId,
  projectId: row.projectId,
  phoneNumber: trustE164(row.phoneNumber),
  contactId: row.contactId,
  variables: row.variables,
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
      `select phone_number from campaign_recipients
       where campaign_id = ? and phone_number in (select jsonb_array_elements_text(?::jsonb))`,
      [campaignId, JSON.stringify(phoneNumbers)],
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
    const counts = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<string, number>;
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts as RecipientCounts;
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

const toAttempt = (row: CampaignAttemptRow): CampaignAttempt => ({ ...row, outcome: row.outcome as AttemptOutcome | null });

export class MikroOrmCampaignAttemptRepository implements CampaignAttemptRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(attempt: CampaignAttempt): Promise<void> {
    try {
      await runWrite(
        this.em,
        'insert into campaign_attempts (recipient_id, attempt, call_id, outcome, started_at, ended_at) values (?, ?, ?, ?, ?, ?)',
        [attempt.recipientId, attempt.attempt, attempt.callId, attempt.outcome, attempt.startedAt, attempt.endedAt],
      );
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  async settle(callId: string, outcome: AttemptOutcome, endedAt: Date): Promise<void> {
    await runWrite(this.em, 'update campaign_attempts set outcome = ?, ended_at = ? where call_id = ?', [outcome, endedAt, callId]);
  }

  async listByRecipients(recipientIds: readonly string[]): Promise<readonly CampaignAttempt[]> {
    if (recipientIds.length === 0) return [];
    const rows = await selectRows(
      this.em,
      CampaignAttemptSchema,
      `select a.* from jsonb_array_elements_text(?::jsonb) with ordinality as k(id, ord)
       join campaign_attempts a on a.recipient_id = k.id order by k.ord, a.attempt`,
      [JSON.stringify(recipientIds)],
    );
    return rows.map(toAttempt);
  }
}
