import type { MikroORM } from '@mikro-orm/postgresql';
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
 * One database transaction per unit of work ({@link inPgTransaction}: begun at its first write, on
 * a connection of the ORM's pool); every repository handed to `work` is bound to it, through a
 * fork of the EntityManager (never the global one). A Left or a throw rolls it back. A database
 * that cannot be reached surfaces as DependencyUnavailable (answered 503), any other throw as is.
 *
 * Neither `em.transactional` nor MikroORM's `begin`/`commit`: repositories write with native
 * statements or the ORM's `upsert` and `nativeDelete` (which run on this transaction, see
 * transactionClient) and never persist entities, so the flush and identity-map merge those run
 * have nothing to do (and the flush runs inside an AsyncLocalStorage, whose first use switches
 * on Node's promise hooks for the rest of the process); knex's transaction builds a knex
 * instance of its own for each one.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
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

  async ping(): Promise<void> {
    await this.orm.em
      .fork()
      .execute('select 1')
      .catch((error: unknown) => {
        throw translateConnectionFailure(error);
      });
  }
}
