import type { EntityData, EntitySchema, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { translateUniqueViolation } from './native-writes.js';

/**
 * The writes of the repositories off the hot paths, through MikroORM's own methods on the unit of
 * work's transaction (its fork is bound to it, see transactionClient), a unique violation answered
 * as the port's DuplicateKey.
 *
 * `em.upsert`, `em.nativeUpdate` and `em.nativeDelete` rather than `persist`, `remove` and
 * `flush`: a repository stores a domain value whole, so there is no loaded entity whose changes a
 * flush would compute, and a flush enters an AsyncLocalStorage, which switches Node's promise
 * hooks on for the rest of the process (bench/storage-writes.ts measures both).
 */
const ormWrite = async (write: () => Promise<unknown>): Promise<void> => {
  try {
    await write();
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/** Inserts the row, or overwrites every column of the row with its primary key. */
export const ormUpsert = <T extends object>(em: EntityManager, schema: EntitySchema<T>, row: T): Promise<void> =>
  ormWrite(() => em.upsert(schema, row));

/** Sets `changes` on the rows `where` matches. */
export const ormUpdate = <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>, changes: EntityData<T>): Promise<void> =>
  ormWrite(() => em.nativeUpdate(schema, where, changes));

/** Deletes the rows `where` matches. */
export const ormDelete = <T extends object>(em: EntityManager, schema: EntitySchema<T>, where: FilterQuery<T>): Promise<void> =>
  ormWrite(() => em.nativeDelete(schema, where));
