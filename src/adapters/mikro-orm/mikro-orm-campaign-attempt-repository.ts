import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignAttemptRepository, SettledAttempt } from '../../application/ports/campaign-repositories.js';
import type { AttemptOutcome, CampaignAttempt } from '../../domain/campaign-recipient.js';
import { CampaignAttemptSchema, type CampaignAttemptRow } from './entities/campaign.js';
import { runWrite } from './native-select.js';
import { selectRows, translateUniqueViolation } from './storage-support.js';

const toAttempt = (row: CampaignAttemptRow): CampaignAttempt => ({ ...row, outcome: row.outcome as AttemptOutcome | null });

export class MikroOrmCampaignAttemptRepository implements CampaignAttemptRepository {
  constructor(private readonly em: EntityManager) {}

  /** One statement from a JSON document, for any number of attempts. */
  async insert(attempts: readonly CampaignAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const rows = attempts.map((a) => ({
      recipient_id: a.recipientId,
      attempt: a.attempt,
      call_id: a.callId,
      outcome: a.outcome,
      started_at: a.startedAt.toISOString(),
      ended_at: a.endedAt?.toISOString() ?? null,
    }));
    try {
      await runWrite(
        this.em,
        `insert into campaign_attempts (recipient_id, attempt, call_id, outcome, started_at, ended_at)
         select recipient_id, attempt, call_id, outcome, started_at, ended_at
         from jsonb_to_recordset(?::jsonb) as v(recipient_id text, attempt integer, call_id text, outcome text, started_at timestamptz, ended_at timestamptz)`,
        [JSON.stringify(rows)],
      );
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  async settle(settled: readonly SettledAttempt[]): Promise<void> {
    if (settled.length === 0) return;
    const rows = settled.map((s) => ({ call_id: s.callId, outcome: s.outcome, ended_at: s.endedAt.toISOString() }));
    await runWrite(
      this.em,
      // Each call's attempt found through the call index by a lateral probe, then updated by its key: a
      // join on call_id is planned as a scan of every attempt when the table has no statistics yet
      // (call_id's index is not unique). A call belongs to one attempt: each attempt places its own.
      `update campaign_attempts a set outcome = t.outcome, ended_at = t.ended_at
       from (select x.recipient_id, x.attempt, v.outcome, v.ended_at
             from jsonb_to_recordset(?::jsonb) as v(call_id text, outcome text, ended_at timestamptz)
             cross join lateral (select recipient_id, attempt from campaign_attempts where call_id = v.call_id limit 1) as x) as t
       where a.recipient_id = t.recipient_id and a.attempt = t.attempt`,
      [JSON.stringify(rows)],
    );
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
