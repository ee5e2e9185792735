import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { revokeKey, type ApiKey } from '../../../domain/api-key.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type RevokeKeyError = NotFound;

/** The operator revokes an API key; from then on it authenticates nothing (401). Idempotent. */
export class RevokeKey {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly keyId: string }): TE.TaskEither<RevokeKeyError, ApiKey> {
    const { uow, clock } = this.deps;
    return () =>
      uow.transaction(async (tx) => {
        const key = await tx.apiKeys.findById(input.keyId);
        if (!key) return E.left(notFound('api key', input.keyId));
        const revoked = revokeKey(key, clock.now());
        await tx.apiKeys.save(revoked);
        return E.right(revoked);
      });
  }
}
