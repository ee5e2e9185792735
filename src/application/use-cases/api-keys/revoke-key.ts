import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { revokeKey, type ApiKey } from '../../../domain/api-key.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type RevokeKeyError = NotFound;

/**
 * The operator revokes an API key; from then on it authenticates nothing (401), on every
 * process at once: the revocation is announced on the event bus once stored, and each
 * process's cache of accepted keys forgets it. Idempotent (a repeat announces again, so
 * retrying after a failed announcement is safe).
 */
export class RevokeKey {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly eventBus: EventBus }) {}

  execute(input: { readonly keyId: string }): TE.TaskEither<RevokeKeyError, ApiKey> {
    const { uow, clock, eventBus } = this.deps;
    return async () => {
      const result = await uow.transaction(async (tx): Promise<E.Either<RevokeKeyError, ApiKey>> => {
        const key = await tx.apiKeys.findById(input.keyId);
        if (!key) return E.left(notFound('api key', input.keyId));
        const revoked = revokeKey(key, clock.now());
        await tx.apiKeys.save(revoked);
        return E.right(revoked);
      });
      if (E.isRight(result)) await eventBus.publishAccess({ type: 'key-revoked', keyId: result.right.id });
      return result;
    };
  }
}
