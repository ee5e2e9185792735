import type { Database } from '../../src/adapters/mikro-orm/database.js';

/**
 * Empties every table of a migrated store but the migrations' own, as a fresh store has them (no
 * migration writes rows), so that suites that each want a store of their own can share one open
 * database. Identities restart; nothing is kept in the process between opens that a write would
 * not invalidate.
 */
export const emptyStore = async (database: Database): Promise<void> => {
  const connection = database.orm.em.getConnection();
  const rows: { tablename: string }[] = await connection.execute(
    "select tablename from pg_tables where schemaname = current_schema() and tablename <> 'mikro_orm_migrations'",
  );
  if (rows.length === 0) return;
  await connection.execute(`truncate ${rows.map((row) => `"${row.tablename}"`).join(', ')} restart identity cascade`);
};
