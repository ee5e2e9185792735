import type * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from './repositories.js';

/**
 * The transaction boundary. `work` gets repositories bound to one transaction; a Right
 * commits, a Left or a throw rolls everything back. Inside `work` every query goes through
 * the given repositories: a second connection would deadlock the embedded database.
 */
export interface UnitOfWork {
  transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>>;
  /**
   * Reads outside any transaction, each statement on its own, for use cases that only read:
   * `work` must not write. Every transaction here runs at READ COMMITTED, where each statement
   * takes its own snapshot anyway, so a transaction around reads adds nothing but its BEGIN and
   * COMMIT (two round trips of a three-statement request, and on the embedded database, whose one
   * connection serves one unit of work at a time, the connection held the while). Optional: use
   * cases call it through {@link readOnly}, which falls back to `transaction` for a store
   * without it (test doubles that wrap a store).
   */
  read?<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>>;
  /** Health probe: resolves when the store answers. */
  ping(): Promise<void>;
}

/** `uow.read` where the store has it, otherwise the same work in a transaction. */
export const readOnly = <L, A>(uow: UnitOfWork, work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> =>
  uow.read ? uow.read(work) : uow.transaction(work);
