import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignRepository } from '../../application/ports/campaign-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { Campaign, CampaignStatus, VoicemailHandling } from '../../domain/campaign.js';
import type { RequiredConsent } from '../../domain/consent.js';
import { CampaignSchema, type CampaignRow } from './entities/campaign.js';
import { CallOverridesJson, decodeColumn, FromNumberJson, PacingJson, RetryJson, ScheduleJson } from './json-columns.js';
import { runWrite } from './native-select.js';
import { findPage, findRow, selectRows, upsertRow } from './storage-support.js';

const toCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  projectId: row.projectId,
  name: row.name,
  agentId: row.agentId,
  status: row.status as CampaignStatus,
  fromNumber: decodeColumn(FromNumberJson, row.fromNumber, 'campaigns', 'from_number', row.id),
  systemPrompt: row.systemPrompt,
  initialGreeting: row.initialGreeting,
  schedule: decodeColumn(ScheduleJson, row.schedule, 'campaigns', 'schedule', row.id),
  pacing: decodeColumn(PacingJson, row.pacing, 'campaigns', 'pacing', row.id),
  retry: decodeColumn(RetryJson, row.retry, 'campaigns', 'retry', row.id),
  voicemail: row.voicemail as VoicemailHandling,
  requireConsent: row.requireConsent as RequiredConsent | null,
  ...(row.callOverrides ? { callOverrides: decodeColumn(CallOverridesJson, row.callOverrides, 'campaigns', 'call_overrides', row.id) } : {}),
  pausedReason: row.pausedReason,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  startedAt: row.startedAt,
  endedAt: row.endedAt,
});

const toCampaignRow = (campaign: Campaign, nextDialAt: Date | null): CampaignRow => ({
  ...campaign,
  fromNumber: { ...FromNumberJson.encode(campaign.fromNumber) },
  schedule: { ...ScheduleJson.encode(campaign.schedule) },
  pacing: { ...PacingJson.encode(campaign.pacing) },
  retry: { ...RetryJson.encode(campaign.retry) },
  callOverrides: campaign.callOverrides ? { ...CallOverridesJson.encode(campaign.callOverrides) } : null,
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

