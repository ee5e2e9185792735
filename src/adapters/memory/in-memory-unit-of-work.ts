import * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from '../../application/ports/repositories.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { inMemoryRepositories } from './in-memory-repositories.js';
import { InMemoryTables } from './in-memory-tables.js';

/**
 * Storage in process memory, for embedders' tests and quick experiments. Units of work run
 * one at a time (serialisable by construction) and a Left or a throw restores the snapshot
 * taken at the start.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  readonly tables = new InMemoryTables();
  private readonly repositories: Repositories = inMemoryRepositories(this.tables);
  private queue: Promise<unknown> = Promise.resolve();

  transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    const run = async () => {
      const restore = this.tables.snapshot();
      try {
        const result = await work(this.repositories);
        if (E.isLeft(result)) restore();
        return result;
      } catch (error) {
        restore();
        throw error;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** In turn with the units of work, as they are: a read never sees one half done. */
  read<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.transaction(work);
  }

  async ping(): Promise<void> {}
}
