import { UniqueConstraintViolationException, type EntitySchema, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DuplicateKey } from '../../application/ports/repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';

const UNIQUE_VIOLATION = '23505';

/**
 * A unique violation becomes the port's DuplicateKey, named by the violated constraint. The
 * EntityManager's native methods convert driver errors; QueryBuilder.execute() passes pg's
 * DatabaseError through unchanged, hence both checks.
 */
export const translateUniqueViolation = (error: unknown): unknown =>
  error instanceof UniqueConstraintViolationException || (error as { code?: unknown })?.code === UNIQUE_VIOLATION
    ? new DuplicateKey((error as { constraint?: string }).constraint ?? 'unique')
    : error;

/**
 * Insert, or overwrite every column of the row with the same id. Native SQL: repositories
 * never keep rows in the identity map, so there is nothing stale to reconcile afterwards.
 */
export const upsertRow = async <T extends { id: string }>(
  em: EntityManager,
  schema: EntitySchema<T>,
  row: T,
): Promise<void> => {
  try {
    await em.createQueryBuilder(schema).insert(row).onConflict('id').merge().execute();
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};

/** Reads one row as a detached plain copy (the identity map is bypassed). */
export const findRow = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
): Promise<T | null> => em.findOne(schema, where, { disableIdentityMap: true }) as Promise<T | null>;

export const findRows = async <T extends object>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T>,
): Promise<T[]> => em.find(schema, where, { orderBy, disableIdentityMap: true }) as Promise<T[]>;

export const findPage = async <T extends object, D>(
  em: EntityManager,
  schema: EntitySchema<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T>,
  page: PageRequest,
  toDomain: (row: T) => D,
): Promise<Page<D>> => {
  const [rows, total] = await em.findAndCount(schema, where, {
    orderBy,
    limit: page.limit,
    offset: page.offset,
    disableIdentityMap: true,
  });
  return { items: (rows as T[]).map(toDomain), total };
};

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
