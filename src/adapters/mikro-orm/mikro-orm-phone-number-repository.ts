import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { LiveNumber, PhoneNumberRepository } from '../../application/ports/repositories.js';
import type { VoiceMode } from '../../domain/agent.js';
import type { Country } from '../../domain/country.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import type { NumberStatus, PhoneNumber } from '../../domain/phone-number.js';
import { PhoneNumberSchema, type PhoneNumberRow } from './entities/phone-number.js';
import { WebhookSchema } from './entities/webhook.js';
import { toWebhook } from './mikro-orm-webhook-repository.js';
import { runSelect } from './native-select.js';
import { ormUpdate, ormUpsert } from './orm-writes.js';
import { countRows, findPage, findRow, findRows, fromColumns } from './storage-support.js';

/**
 * The one mapping of a stored row to the domain. Native reads (findRow/findPage/selectRows in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later is added to the schema and
 * here, nowhere else.
 */
export const toPhoneNumber = (row: PhoneNumberRow): PhoneNumber => ({
  id: row.id,
  projectId: row.projectId,
  phoneNumber: trustE164(row.phoneNumber),
  country: row.country as Country,
  status: row.status as NumberStatus,
  agentId: row.agentId,
  providerId: row.providerId,
  createdAt: row.createdAt,
  releasedAt: row.releasedAt,
});

export const toPhoneNumberRow = (number: PhoneNumber): PhoneNumberRow => ({
  id: number.id,
  projectId: number.projectId,
  phoneNumber: number.phoneNumber,
  country: number.country,
  status: number.status,
  agentId: number.agentId,
  providerId: number.providerId,
  createdAt: number.createdAt,
  releasedAt: number.releasedAt,
});

const OLDEST_FIRST = { createdAt: 'asc', id: 'asc' } as const;

export class MikroOrmPhoneNumberRepository implements PhoneNumberRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<PhoneNumber | null> {
    const row = await findRow(this.em, PhoneNumberSchema, { id, projectId });
    return row && toPhoneNumber(row);
  }

  async findLiveByPhoneNumber(phoneNumber: E164): Promise<PhoneNumber | null> {
    const row = await findRow(this.em, PhoneNumberSchema, { phoneNumber, status: 'active' });
    return row && toPhoneNumber(row);
  }

  /**
   * Native SQL: on the path of every batch of inbound texts. `= any(array(...))`: an index
   * condition on phone_numbers_live_unique, however long the list. The endpoint is the same
   * one-row lookup as WebhookRepository.findEndpoints (the agent's own sorts before the
   * default), read here so a batch of texts spends no round trip on it.
   */
  async findLiveForInbound(phoneNumbers: readonly E164[]): Promise<readonly LiveNumber[]> {
    if (phoneNumbers.length === 0) return [];
    const records: Record<string, unknown>[] = await runSelect(
      this.em,
      `select n.*, a.voice_mode as agent_voice_mode, to_jsonb(w) as endpoint
       from phone_numbers n
       left join agents a on a.id = n.agent_id and a.project_id = n.project_id
       left join lateral (
         select * from webhooks where project_id = n.project_id and (agent_id = n.agent_id or agent_id is null)
         order by agent_id nulls last limit 1) as w on true
       where n.phone_number = any(array(select jsonb_array_elements_text(?::jsonb))) and n.status = 'active'`,
      [JSON.stringify(phoneNumbers)],
      { prepare: false, effect: 'read' },
    );
    return records.map((record) => ({
      number: toPhoneNumber(fromColumns(this.em, PhoneNumberSchema, record)),
      agentVoiceMode: (record.agent_voice_mode as VoiceMode | null) ?? null,
      endpoint: record.endpoint == null ? null : toWebhook(fromColumns(this.em, WebhookSchema, record.endpoint as Record<string, unknown>)),
    }));
  }

  listLive(projectId: string, page: PageRequest): Promise<Page<PhoneNumber>> {
    return findPage(this.em, PhoneNumberSchema, { projectId, status: 'active' }, OLDEST_FIRST, page, toPhoneNumber);
  }

  async listByAgents(agentIds: readonly string[]): Promise<readonly PhoneNumber[]> {
    if (agentIds.length === 0) return [];
    const where = { agentId: { $in: [...agentIds] }, status: 'active' };
    return (await findRows(this.em, PhoneNumberSchema, where, OLDEST_FIRST)).map(toPhoneNumber);
  }

  countEverProvisioned(projectId: string): Promise<number> {
    return countRows(this.em, PhoneNumberSchema, { projectId });
  }

  /** Through MikroORM on the unit's transaction, as the other writes off the hot paths (see orm-writes.ts). */
  save(number: PhoneNumber): Promise<void> {
    return ormUpsert(this.em, PhoneNumberSchema, toPhoneNumberRow(number));
  }

  detachAgent(agentId: string): Promise<void> {
    return ormUpdate(this.em, PhoneNumberSchema, { agentId }, { agentId: null });
  }
}
