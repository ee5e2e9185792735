import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignUpRepository } from '../../application/ports/repositories.js';
import type { SignUp, SignUpStatus } from '../../domain/sign-up.js';
import { SignUpSchema, type SignUpRow } from './entities/sign-up.js';
import { findRow, upsertRow } from './storage-support.js';

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
    const row = await this.em.findOne(SignUpSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
    return row && toSignUp(row);
  }

  save(signUp: SignUp): Promise<void> {
    return upsertRow(this.em, SignUpSchema, toSignUpRow(signUp));
  }

  async delete(id: string): Promise<void> {
    await this.em.nativeDelete(SignUpSchema, { id });
  }
}
