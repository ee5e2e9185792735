import type { MikroORM } from '@mikro-orm/postgresql';
import * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from '../../application/ports/repositories.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { translateConnectionFailure } from './connection-failures.js';
import { mikroOrmRepositories } from './mikro-orm-repositories.js';
import type { SessionModel } from './session-model.js';

/**
 * One database transaction per unit of work, on a fork of the EntityManager (never the
 * global one); every repository handed to `work` is bound to that transaction. A Left or a
 * throw rolls it back. A database that cannot be reached surfaces as DependencyUnavailable
 * (answered 503), any other throw as is.
 *
 * `begin`/`commit` on the fork rather than `em.transactional`: the same statements and the same
 * rollback on any failure (commit included), without a second fork and the identity-map merge
 * afterwards, which repositories never use (a third of the overhead of a short unit of work).
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionModel = { single: false },
  ) {}

  async transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    try {
      const em = this.orm.em.fork();
      await em.begin();
      try {
        const result = await work(mikroOrmRepositories(em, this.sessions));
        if (E.isLeft(result)) await em.rollback();
        else await em.commit();
        return result;
      } catch (error) {
        await em.rollback().catch(() => undefined);
        throw error;
      }
    } catch (error) {
      throw translateConnectionFailure(error);
    }
  }

  /** A fork of its own, no BEGIN/COMMIT: each statement runs on a pooled connection by itself. */
  read<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.outsideTransaction(work);
  }

  /** As {@link read}: the one writing statement commits by itself. */
  singleStatement<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.outsideTransaction(work);
  }

  private async outsideTransaction<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    try {
      return await work(mikroOrmRepositories(this.orm.em.fork(), this.sessions));
    } catch (error) {
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
