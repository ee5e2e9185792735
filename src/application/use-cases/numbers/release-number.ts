import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { release, type PhoneNumber } from '../../../domain/phone-number.js';
import { fromDomain, notFound, providerError, type BadRequest, type NotFound, type ProviderError } from '../../errors.js';
import type { Telephony } from '../../ports/telephony.js';
import type { CoreDeps } from '../common/deps.js';

export type ReleaseNumberError = NotFound | BadRequest | ProviderError;

/**
 * Returns the number to the carrier's pool. The carrier goes first: if it refuses, the
 * number stays live here too. The record is kept (released) with its messages and calls.
 */
export class ReleaseNumber {
  constructor(private readonly deps: Omit<CoreDeps, 'ids'> & { readonly telephony: Telephony }) {}

  execute(input: { readonly projectId: string; readonly numberId: string }): TE.TaskEither<ReleaseNumberError, PhoneNumber> {
    const { uow, clock, telephony } = this.deps;
    return async () => {
      const checked = await uow.transaction(async (tx): Promise<E.Either<NotFound | BadRequest, PhoneNumber>> => {
        const number = await tx.numbers.findById(input.projectId, input.numberId);
        if (!number) return E.left(notFound('number', input.numberId));
        return pipe(release(number, clock.now()), E.mapLeft(fromDomain));
      });
      if (E.isLeft(checked)) return checked;
      const released = await telephony.releaseNumber(checked.right.providerId);
      if (E.isLeft(released)) {
        return E.left(providerError(released.left));
      }
      return uow.transaction(async (tx) => {
        const number = await tx.numbers.findById(input.projectId, input.numberId);
        if (!number) return E.left(notFound('number', input.numberId));
        const marked = release(number, clock.now());
        if (E.isLeft(marked)) return E.right(number); // released concurrently: the same outcome
        await tx.numbers.save(marked.right);
        return E.right(marked.right);
      });
    };
  }
}
