import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Where the MikroORM queries read: outside any transaction, on the fork and connections the unit
 * of work's own reads use (MikroOrmUnitOfWork.readNatively), its connection failures translated.
 */
export interface MikroOrmReads {
  readNatively<A>(work: (em: EntityManager) => Promise<A>): Promise<A>;
}
