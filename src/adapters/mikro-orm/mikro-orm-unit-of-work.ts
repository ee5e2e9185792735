import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from '../../application/ports/repositories.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { PoolUsage } from '../../application/ports/service-activity.js';
import { translateConnectionFailure } from './connection-failures.js';
import { mikroOrmRepositories } from './mikro-orm-repositories.js';
import { driverOf, inPgTransaction, poolOf } from './native-select.js';
import { DriverReadSession, type ReadSession } from './read-session.js';
import type { SessionModel } from './session-model.js';

/**
 * One database transaction per unit of work, begun on a connection of the ORM's pool
 * ({@link inPgTransaction}); every repository handed to `work` is bound to it, through a fork of
 * the EntityManager (never the global one). A Left or a throw rolls it back. A database that
 * cannot be reached surfaces as DependencyUnavailable (answered 503), any other throw as is.
 *
 * Neither `em.transactional` nor MikroORM's `begin`/`commit`: repositories write with native
 * statements and never persist entities, so the flush and identity-map merge those run have
 * nothing to do (yet the flush runs inside an AsyncLocalStorage, and the first one switches on
 * Node's promise hooks for the rest of the process, a cost on every promise of every request);
 * and knex's transaction builds a knex instance of its own for each one.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  /** The fork of work outside a transaction and its repositories, made on first use (see outsideTransaction). */
  private outside: { readonly em: EntityManager; readonly repos: Repositories } | null = null;

  /**
   * The read side's session: the query adapters' statements, outside any transaction, on the
   * database's own driver for them (see routeNativeReads), its connection failures translated.
   */
  readonly reads: ReadSession = new DriverReadSession(() => driverOf(this.orm.em));

  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionModel = { single: false },
  ) {}

  /** The main pool's connections now (knex's tarn pool): for the operator's figures. */
  poolUsage(): PoolUsage {
    const { pool } = poolOf(this.orm.em);
    return { used: pool.numUsed(), idle: pool.numFree(), waiting: pool.numPendingAcquires(), max: pool.max };
  }

  async transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    try {
      return await inPgTransaction(this.orm.em, (em) => work(mikroOrmRepositories(em, this.sessions)), E.isRight);
    } catch (error) {
      throw translateConnectionFailure(error);
    }
  }

  /** No BEGIN/COMMIT: each statement runs on a pooled connection by itself. */
  read<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.outsideTransaction(work);
  }

  /** As {@link read}: the one writing statement commits by itself. */
  singleStatement<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.outsideTransaction(work);
  }

  /**
   * Work outside a transaction shares one fork and one set of repositories. A fork per call was
   * a visible share of a page read's work (a fork writes the ORM's configuration, and so
   * `process.env`, twice, and builds a unit of work, an entity factory and loader, a validator;
   * then eighteen repositories), and there is nothing per call to keep apart: the fork is never
   * bound to a transaction ({@link transaction} forks its own), and its identity map stays empty,
   * because repositories write with native statements and read natively or with
   * `disableIdentityMap` (`test/integration/storage/pglite-repositories.test.ts` checks it).
   */
  private async outsideTransaction<L, A>(work: (repos: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    try {
      return await work(this.outsideFork().repos);
    } catch (error) {
      throw translateConnectionFailure(error);
    }
  }

  private outsideFork(): { readonly em: EntityManager; readonly repos: Repositories } {
    if (this.outside === null) {
      const em = this.orm.em.fork();
      this.outside = { em, repos: mikroOrmRepositories(em, this.sessions) };
    }
    return this.outside;
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
