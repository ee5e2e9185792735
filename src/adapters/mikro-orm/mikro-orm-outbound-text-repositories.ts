import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  IdempotencyKey,
  IdempotencyKeyRepository,
  KeptAnswer,
  OutboundTextQueue,
  PendingText,
} from '../../application/ports/outbound-text-repositories.js';
import { decodeColumn, KeptAnswerJson } from './json-columns.js';
import { runSelect, runWrite } from './native-select.js';
import { dateOf, translateUniqueViolation } from './storage-support.js';

const PREPARED = { prepare: true } as const;
const TEXT_COLUMNS = 'message_id, project_id, attempts, created_at';

const toPendingText = (row: Record<string, unknown>): PendingText => ({
  messageId: row.message_id as string,
  projectId: row.project_id as string,
  attempts: Number(row.attempts),
  createdAt: dateOf(row.created_at)!,
});

const byAge = (a: PendingText, b: PendingText): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0);

/** The outbox of outbound texts in `outbound_texts`; claims skip the rows other transactions hold. */
export class MikroOrmOutboundTextQueue implements OutboundTextQueue {
  constructor(private readonly em: EntityManager) {}

  async enqueue(text: Omit<PendingText, 'attempts'>, heldUntil: Date): Promise<void> {
    await runWrite(
      this.em,
      'insert into outbound_texts (message_id, project_id, attempts, held_until, created_at) values (?, ?, 1, ?, ?)',
      [text.messageId, text.projectId, heldUntil.toISOString(), text.createdAt.toISOString()],
    );
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<readonly PendingText[]> {
    const rows = await runSelect(
      this.em,
      `update outbound_texts set held_until = ?, attempts = attempts + 1
       where message_id in (
         select message_id from outbound_texts where held_until <= ?
         order by held_until, created_at, message_id
         limit ?
         for update skip locked)
       returning ${TEXT_COLUMNS}`,
      [new Date(now.getTime() + leaseMs).toISOString(), now.toISOString(), limit],
      PREPARED,
    );
    // `returning` shows the row after the update: the attempts before this one are one fewer.
    return rows.map((row) => ({ ...toPendingText(row), attempts: Number(row.attempts) - 1 })).sort(byAge);
  }

  async complete(messageId: string): Promise<void> {
    await runWrite(this.em, 'delete from outbound_texts where message_id = ?', [messageId]);
  }

  async listPending(limit: number): Promise<readonly PendingText[]> {
    const rows = await runSelect(
      this.em,
      `select ${TEXT_COLUMNS} from outbound_texts order by created_at, message_id limit ?`,
      [limit],
      { ...PREPARED, effect: 'read' },
    );
    return rows.map(toPendingText);
  }
}

const KEY_COLUMNS = 'project_id, key, fingerprint, message_id, answer, created_at';

const toKey = (row: Record<string, unknown>): IdempotencyKey => ({
  projectId: row.project_id as string,
  key: row.key as string,
  fingerprint: row.fingerprint as string,
  messageId: row.message_id as string,
  createdAt: dateOf(row.created_at)!,
  answer: row.answer == null ? null : decodeColumn(KeptAnswerJson, typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer, 'idempotency_keys', 'answer', `${String(row.project_id)}/${String(row.key)}`),
});

/** Clients' idempotency keys in `idempotency_keys`, unique per project. */
export class MikroOrmIdempotencyKeyRepository implements IdempotencyKeyRepository {
  constructor(private readonly em: EntityManager) {}

  async find(projectId: string, key: string): Promise<IdempotencyKey | null> {
    const [row] = await runSelect(
      this.em,
      `select ${KEY_COLUMNS} from idempotency_keys where project_id = ? and key = ?`,
      [projectId, key],
      { ...PREPARED, effect: 'read' },
    );
    return row ? toKey(row) : null;
  }

  async insert(key: IdempotencyKey): Promise<void> {
    try {
      await runWrite(
        this.em,
        `insert into idempotency_keys (${KEY_COLUMNS}) values (?, ?, ?, ?, ?::jsonb, ?)`,
        [key.projectId, key.key, key.fingerprint, key.messageId, key.answer && JSON.stringify(key.answer), key.createdAt.toISOString()],
      );
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  async recordAnswer(projectId: string, messageId: string, answer: KeptAnswer): Promise<void> {
    await runWrite(this.em, 'update idempotency_keys set answer = ?::jsonb where project_id = ? and message_id = ?', [
      JSON.stringify(answer),
      projectId,
      messageId,
    ]);
  }

  async deleteCreatedBefore(before: Date, limit: number): Promise<number> {
    const rows = await runSelect(
      this.em,
      `delete from idempotency_keys where (project_id, key) in (
         select project_id, key from idempotency_keys where created_at < ? order by created_at limit ? for update skip locked)
       returning key`,
      [before.toISOString(), limit],
      PREPARED,
    );
    return rows.length;
  }
}
