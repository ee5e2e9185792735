import * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from '../../application/ports/repositories.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { inMemoryRepositories } from './in-memory-repositories.js';
import { InMemoryTables } from './in-memory-tables.js';

/**
 * Storage in process memory, for embedders' tests and quick experiments. Units of work run
 * one at a time (serialisable by construction) and a Left or a throw undoes what the unit
 * wrote.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  readonly tables = new InMemoryTables();
  private readonly repositories: Repositories = inMemoryRepositories(this.tables);
  private queue: Promise<unknown> = Promise.resolve();

  transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.inTurn(async () => {
      const tx = this.tables.begin();
      try {
        const result = await work(this.repositories);
        if (E.isLeft(result)) tx.rollback();
        else tx.commit();
        return result;
      } catch (error) {
        tx.rollback();
        throw error;
      }
    });
  }

  /**
   * Reads the tables in turn with the units of work, so a read never sees one half done: for the
   * in-memory query adapters, which read the tables directly.
   */
  readTables<A>(read: (tables: InMemoryTables) => A): Promise<A> {
    return this.inTurn(async () => read(this.tables));
  }

  private inTurn<A>(run: () => Promise<A>): Promise<A> {
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async ping(): Promise<void> {}
}
