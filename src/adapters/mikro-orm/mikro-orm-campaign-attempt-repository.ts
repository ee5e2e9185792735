import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignAttemptRepository } from '../../application/ports/campaign-repositories.js';
import type { AttemptOutcome, CampaignAttempt } from '../../domain/campaign-recipient.js';
import { CampaignAttemptSchema, type CampaignAttemptRow } from './entities/campaign.js';
import { runWrite } from './native-select.js';
import { selectRows, translateUniqueViolation } from './storage-support.js';

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
