import type * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from './repositories.js';

/**
 * The transaction boundary of the write side. `work` gets repositories bound to one
 * transaction; a Right commits, a Left or a throw rolls everything back. Inside `work` every
 * query goes through the given repositories: a second connection would deadlock the embedded
 * database. What a transaction costs is the store's concern (a unit that only reads need not
 * begin one); reads that are not part of a write have query ports of their own.
 */
export interface UnitOfWork {
  transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>>;
  /** Health probe: resolves when the store answers. */
  ping(): Promise<void>;
}
