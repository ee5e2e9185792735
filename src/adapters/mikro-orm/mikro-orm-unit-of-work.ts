import type { MikroORM } from '@mikro-orm/postgresql';
import * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from '../../application/ports/repositories.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { translateConnectionFailure } from './connection-failures.js';
import { mikroOrmRepositories } from './mikro-orm-repositories.js';

/** Carries a Left out of `em.transactional`, which rolls back only on a throw. */
class RollbackWith<L> {
  constructor(readonly left: E.Left<L>) {}
}

/**
 * One database transaction per unit of work, on a fork of the EntityManager (never the
 * global one); every repository handed to `work` is bound to that transaction. A database
 * that cannot be reached surfaces as DependencyUnavailable (answered 503), any other throw as is.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly orm: MikroORM) {}

  async transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        const result = await work(mikroOrmRepositories(em));
        if (E.isLeft(result)) throw new RollbackWith(result);
        await em.flush();
        return result;
      });
    } catch (error) {
      if (error instanceof RollbackWith) return error.left as E.Left<L>;
      throw translateConnectionFailure(error);
    }
  }

  async ping(): Promise<void> {
    await this.orm.em
      .fork()
      .execute('select 1')
      .catch((error: unknown) => {
        throw translateConnectionFailure(error);
      });
  }
}
