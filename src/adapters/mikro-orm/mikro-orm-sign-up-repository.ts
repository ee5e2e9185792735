import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignUpRepository } from '../../application/ports/repositories.js';
import type { SignUp, SignUpStatus } from '../../domain/sign-up.js';
import { SignUpSchema, type SignUpRow } from './entities/sign-up.js';
import { runSelect } from './native-select.js';
import { ormDelete, ormUpsert } from './orm-writes.js';
import { findRow, lockRow } from './storage-support.js';

export const toSignUp = (row: SignUpRow): SignUp => ({
  id: row.id,
  email: row.email,
  agentName: row.agentName,
  codeHash: row.codeHash,
  attempts: row.attempts,
  expiresAt: row.expiresAt,
  status: row.status as SignUpStatus,
  projectId: row.projectId,
  createdAt: row.createdAt,
  verifiedAt: row.verifiedAt,
});

export const toSignUpRow = (signUp: SignUp): SignUpRow => ({
  id: signUp.id,
  email: signUp.email,
  agentName: signUp.agentName,
  codeHash: signUp.codeHash,
  attempts: signUp.attempts,
  expiresAt: signUp.expiresAt,
  status: signUp.status,
  projectId: signUp.projectId,
  createdAt: signUp.createdAt,
  verifiedAt: signUp.verifiedAt,
});

export class MikroOrmSignUpRepository implements SignUpRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string): Promise<SignUp | null> {
    const row = await findRow(this.em, SignUpSchema, { id });
    return row && toSignUp(row);
  }

  async lockById(id: string): Promise<SignUp | null> {
    const row = await lockRow(this.em, SignUpSchema, id);
    return row && toSignUp(row);
  }

  /** Through MikroORM on the unit's transaction, as the other writes off the hot paths (see orm-writes.ts). */
  save(signUp: SignUp): Promise<void> {
    return ormUpsert(this.em, SignUpSchema, toSignUpRow(signUp));
  }

  delete(id: string): Promise<void> {
    return ormDelete(this.em, SignUpSchema, { id });
  }

  /**
   * One statement: the inner select walks `sign_ups_pending_expiry_index` (partial, pending
   * rows only) oldest expiry first; SKIP LOCKED passes over a sign-up a verification holds
   * right now, and over those another node's sweep is deleting. `= any(array(...))` makes the
   * ids one value, so the delete finds them by primary key (with `in (...)` the planner may
   * hash-join against a scan of the whole table, verified sign-ups and all).
   */
  async deleteExpired(before: Date, limit: number): Promise<number> {
    const [row] = await runSelect(
      this.em,
      `with deleted as (
         delete from sign_ups
         where id = any(array(
           select id from sign_ups
           where status = 'pending' and expires_at < ?
           order by expires_at
           limit ?
           for update skip locked))
         returning 1)
       select count(*) as "deleted" from deleted`,
      [before, Math.max(0, limit)],
      { prepare: false },
    );
    return Number(row?.deleted ?? 0);
  }
}
