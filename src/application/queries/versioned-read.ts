import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { ReadVersion, Versioned } from '../ports/read-version.js';

/**
 * A read a client polls, with the read of its version beside it: the version is far cheaper than
 * the answer, so an edge that kept the answer of an earlier version asks the version first and
 * reads only when it changed (see ReadVersion).
 */
export interface VersionedRead<I, L, A extends Versioned> {
  execute(input: I): TE.TaskEither<L, A>;
  /** The version of what {@link execute} answers for the same input: unchanged while its answer is. */
  version(input: I): TE.TaskEither<never, ReadVersion>;
}

/** One input asked of a {@link VersionedRead}: its version and its answer, neither run yet. */
export interface VersionedAsk<L, A extends Versioned> {
  readonly version: TE.TaskEither<L, ReadVersion>;
  readonly read: TE.TaskEither<L, A>;
}

/** Asks `reads` for `input`. The version is taken only when run: an edge that keeps no answers never asks it. */
export const askVersioned = <I, L, A extends Versioned>(reads: VersionedRead<I, L, A>, input: I): VersionedAsk<L, A> => ({
  version: () => reads.version(input)(),
  read: reads.execute(input),
});

/** A query port's version read as a use case answers it: it has no failure of its own. */
export const versionOf =
  (read: () => Promise<ReadVersion>): TE.TaskEither<never, ReadVersion> =>
  async () =>
    E.right(await read());
