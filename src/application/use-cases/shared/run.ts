import * as E from 'fp-ts/lib/Either.js';
import { conflict, type Conflict } from '../../errors.js';
import { DuplicateKey } from '../../ports/repositories.js';

/** Left-or-value helper: lets a use case read a lookup as "found, or this error". */
export const required = <L, A>(value: A | null | undefined, error: L): E.Either<L, A> =>
  value === null || value === undefined ? E.left(error) : E.right(value);

/** A uniqueness race the storage caught becomes the use case's Conflict. */
export const duplicateAsConflict =
  (message: string) =>
  (error: unknown): E.Either<Conflict, never> => {
    if (error instanceof DuplicateKey) return E.left(conflict(message));
    throw error;
  };
