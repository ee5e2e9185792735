import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll } from 'vitest';
import type { Repositories } from '../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import { openDatabase } from '../../src/adapters/mikro-orm/database.js';
import type { StoreQueries } from '../../src/application/queries/store-queries.js';
import { queriesOf } from '../../src/bootstrap/composition/store-queries.js';
import { createScratchDatabase } from '../support/scratch-database.js';

/** A storage adapter opened for one contract suite. */
export interface OpenedStore {
  readonly uow: UnitOfWork;
  close(): Promise<void>;
}

export interface StoreHarness {
  /** The store opened for the enclosing describe. */
  readonly store: () => OpenedStore;
  /** Runs `work` in its own committed unit of work. */
  readonly inTx: <A>(work: (tx: Repositories) => Promise<A>) => Promise<A>;
  /** The store's list queries, as the composition root binds them for its unit of work. */
  readonly queries: () => StoreQueries;
  /** Runs reads of the list queries, which take their own read path (never inside `inTx`). */
  readonly read: <A>(work: () => Promise<A>) => Promise<A>;
}

/** Opens the store once for the enclosing describe, closes it after, and commits work through it. */
export const useStore = (open: () => Promise<OpenedStore>): StoreHarness => {
  let opened: OpenedStore | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  let queried: StoreQueries | undefined;
  const store = () => {
    if (!opened) throw new Error('the store is not open yet');
    return opened;
  };
  return {
    store,
    queries: () => (queried ??= queriesOf(store().uow)),
    read: (work) => work(),
    inTx: async (work) => {
      const result = await store().uow.transaction(async (tx) => E.right(await work(tx)));
      if (E.isLeft(result)) throw new Error('unexpected Left');
      return result.right;
    },
  };
};

/** The MikroORM store on a scratch database of the PostgreSQL server at `serverUrl`, dropped on close. */
export const aScratchPostgresStore = async (serverUrl: string): Promise<OpenedStore> => {
  const scratch = await createScratchDatabase(serverUrl, 'sb_test');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
  return {
    uow: database.uow,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};
