import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { SuppressionRepository } from '../../application/ports/suppression-repository.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import { channelsCovering, type OutboundChannel, type Suppression, type SuppressionChannel } from '../../domain/suppression.js';
import { runSelect } from './native-select.js';
import { dateOf } from './storage-support.js';

const PREPARED = { prepare: true } as const;
const COLUMNS = 'project_id, phone_number, channel, reason, source, created_at';

const toSuppression = (row: Record<string, unknown>): Suppression => ({
  projectId: row.project_id as string,
  phoneNumber: trustE164(row.phone_number as string),
  channel: row.channel as Suppression['channel'],
  reason: (row.reason as string | null) ?? null,
  source: row.source as Suppression['source'],
  createdAt: dateOf(row.created_at)!,
});

/** The suppression list in `suppressions`, one row per project, number and channel. */
export class MikroOrmSuppressionRepository implements SuppressionRepository {
  constructor(private readonly em: EntityManager) {}

  async add(s: Suppression): Promise<boolean> {
    const rows = await runSelect(
      this.em,
      `insert into suppressions (${COLUMNS}) values (?, ?, ?, ?, ?, ?) on conflict do nothing returning phone_number`,
      [s.projectId, s.phoneNumber, s.channel, s.reason, s.source, s.createdAt.toISOString()],
      PREPARED,
    );
    return rows.length > 0;
  }

  async remove(projectId: string, phoneNumber: E164, channel: SuppressionChannel | null): Promise<readonly Suppression[]> {
    const rows = await runSelect(
      this.em,
      `delete from suppressions where project_id = ? and phone_number = ? and (?::text is null or channel = ?) returning ${COLUMNS}`,
      [projectId, phoneNumber, channel, channel],
      PREPARED,
    );
    return rows.map(toSuppression);
  }

  async removeBySource(projectId: string, phoneNumber: E164, source: Suppression['source']): Promise<readonly Suppression[]> {
    const rows = await runSelect(
      this.em,
      `delete from suppressions where project_id = ? and phone_number = ? and source = ? returning ${COLUMNS}`,
      [projectId, phoneNumber, source],
      PREPARED,
    );
    return rows.map(toSuppression);
  }

  async findSuppressed(projectId: string, phoneNumbers: readonly E164[], channel: OutboundChannel): Promise<readonly E164[]> {
    if (phoneNumbers.length === 0) return [];
    const rows = await runSelect(
      this.em,
      // A lateral probe of the list's key a number: the cost follows the numbers asked about, not the list's length.
      `select n.phone_number from (select distinct jsonb_array_elements_text(?::jsonb) as phone_number) as n
       cross join lateral (
         select 1 from suppressions where project_id = ? and phone_number = n.phone_number and channel in (?, ?) limit 1) as s`,
      [JSON.stringify([...new Set(phoneNumbers)]), projectId, ...channelsCovering(channel)],
      { ...PREPARED, effect: 'read' },
    );
    return rows.map((row) => trustE164(row.phone_number as string));
  }

  async list(projectId: string, page: PageRequest): Promise<Page<Suppression>> {
    const rows = await runSelect(
      this.em,
      `select ${COLUMNS}, count(*) over () as total from suppressions where project_id = ?
       order by created_at desc, phone_number, channel limit ? offset ?`,
      [projectId, page.limit, page.offset],
      { ...PREPARED, effect: 'read' },
    );
    if (rows.length === 0 && page.offset > 0) {
      const [counted] = await runSelect(this.em, 'select count(*) as total from suppressions where project_id = ?', [projectId], { ...PREPARED, effect: 'read' });
      return { items: [], total: Number(counted?.total ?? 0) };
    }
    return { items: rows.map(toSuppression), total: Number(rows[0]?.total ?? 0) };
  }
}
