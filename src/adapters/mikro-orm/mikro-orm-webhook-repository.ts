import type { EntityManager } from '@mikro-orm/postgresql';
import type { EndpointOwner, WebhookRepository } from '../../application/ports/webhook-repositories.js';
import type { Webhook } from '../../domain/webhook.js';
import { WebhookSchema, type WebhookRow } from './entities/webhook.js';
import { runSelect } from './native-select.js';
import { ormDelete, ormUpsert } from './orm-writes.js';
import { findRow, fromColumns, selectRows } from './storage-support.js';

export const toWebhook = (row: WebhookRow): Webhook => ({ ...row });
export const toWebhookRow = (webhook: Webhook): WebhookRow => ({ ...webhook });

export class MikroOrmWebhookRepository implements WebhookRepository {
  constructor(private readonly em: EntityManager) {}

  async findForAgent(projectId: string, agentId: string): Promise<Webhook | null> {
    const row = await findRow(this.em, WebhookSchema, { projectId, agentId });
    return row && toWebhook(row);
  }

  async findDefault(projectId: string): Promise<Webhook | null> {
    const row = await findRow(this.em, WebhookSchema, { projectId, agentId: null });
    return row && toWebhook(row);
  }

  /**
   * Native SQL, one statement for the distinct owners: per owner, at most one row, the agent's
   * own sorting before the default (null sorts last; a null agent matches only the default).
   */
  async findEndpoints(owners: readonly EndpointOwner[]): Promise<readonly (Webhook | null)[]> {
    if (owners.length === 0) return [];
    const keys = owners.map((owner) => JSON.stringify([owner.projectId, owner.agentId]));
    const distinct = [...new Set(keys)];
    const records: Record<string, unknown>[] = await runSelect(
      this.em,
      `select w.* from jsonb_array_elements(?::jsonb) with ordinality as k(t, ord)
       left join lateral (
         select * from webhooks where project_id = k.t->>0 and (agent_id = k.t->>1 or agent_id is null)
         order by agent_id nulls last limit 1) as w on true
       order by k.ord`,
      [`[${distinct.join(',')}]`],
      { prepare: false, effect: 'read' },
    );
    const found = new Map(
      distinct.map((key, i) => {
        const record = records[i];
        return [key, record?.id == null ? null : toWebhook(fromColumns(this.em, WebhookSchema, record))];
      }),
    );
    return keys.map((key) => found.get(key) ?? null);
  }

  /** Native SQL: every claim of the dispatcher resolves its deliveries' webhooks. */
  async findByIds(ids: readonly string[]): Promise<readonly Webhook[]> {
    if (ids.length === 0) return [];
    const rows = await selectRows(
      this.em,
      WebhookSchema,
      'select * from webhooks where id in (select jsonb_array_elements_text(?::jsonb)) order by id',
      [JSON.stringify(ids)],
    );
    return rows.map(toWebhook);
  }

  async save(webhook: Webhook): Promise<void> {
    await ormUpsert(this.em, WebhookSchema, toWebhookRow(webhook));
  }

  async delete(projectId: string, id: string): Promise<void> {
    await ormDelete(this.em, WebhookSchema, { id, projectId });
  }
}
