import * as E from 'fp-ts/lib/Either.js';
import { conflict, type Conflict } from '../../errors.js';
import { DuplicateKey } from '../../ports/repositories.js';

/*
 * Races a unique index settles: two units of work both checked that something did not exist
 * yet, and the second to write it is refused with DuplicateKey.
 */

/** The race becomes the use case's Conflict. */
export const duplicateAsConflict =
  (message: string) =>
  (error: unknown): E.Either<Conflict, never> => {
    if (error instanceof DuplicateKey) return E.left(conflict(message));
    throw error;
  };

const RACE_ATTEMPTS = 3;

/**
 * Runs `work` (a whole unit of work) again when storage caught such a race that locks cannot
 * prevent: the next attempt sees what the other unit of work committed, and finds the row
 * there. Any other error, or a race lost three times, is thrown.
 */
export const retryingRaces = async <A>(work: () => Promise<A>): Promise<A> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof DuplicateKey) || attempt >= RACE_ATTEMPTS) throw error;
    }
  }
};
