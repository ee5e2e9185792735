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
  /**
   * Work whose one write is a single statement, outside any transaction: a statement is atomic
   * by itself, so BEGIN and COMMIT around it would add two round trips and nothing else. `work`
   * sends at most one writing statement, which stays written whatever `work` answers after it
   * (there is nothing to roll back); reads it makes see the store as it is when each runs, not
   * isolated from that write (a rule the write relies on belongs in the statement itself, as a
   * unique constraint). Optional like {@link read}: use cases call it through {@link inOneStatement}.
   */
  singleStatement?<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>>;
  /** Health probe: resolves when the store answers. */
  ping(): Promise<void>;
}

/** `uow.read` where the store has it, otherwise the same work in a transaction. */
export const readOnly = <L, A>(uow: UnitOfWork, work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> =>
  uow.read ? uow.read(work) : uow.transaction(work);

/** `uow.singleStatement` where the store has it, otherwise the same work in a transaction. */
export const inOneStatement = <L, A>(uow: UnitOfWork, work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> =>
  uow.singleStatement ? uow.singleStatement(work) : uow.transaction(work);
