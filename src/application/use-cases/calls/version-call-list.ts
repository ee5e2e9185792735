import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { CallListQuery } from '../../ports/call-repositories.js';
import type { ReadVersion } from '../../ports/read-version.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

/** The version of what {@link ListCalls} answers for the same input: unchanged while its answer is. */
export class VersionCallList {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly query: CallListQuery }): TE.TaskEither<never, ReadVersion> {
    return () => readOnly(this.deps.uow, async (tx) => E.right(await tx.calls.listVersion(input.projectId, input.query)));
  }
}
