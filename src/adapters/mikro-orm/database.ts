import { mkdirSync } from 'node:fs';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';
import { EMBEDDED_MAINTENANCE_MS, startEmbeddedMaintenance } from './embedded-maintenance.js';
import { PGDATA_DIR, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { entities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.js';
import { routeNativeReads } from './native-select.js';
import type { PgliteSession } from './pglite-session.js';
import { PipelinedPostgresReads } from './pipelined-postgres-reads.js';

export interface DatabaseLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What the embedded database keeps in its data directory. */
export const EMBEDDED_DATABASE_ENTRIES: readonly string[] = [PGDATA_DIR, LOCK_FILE];

export interface DatabaseOptions {
  /** PostgreSQL connection URL; without it the embedded PGlite in `dataDir` is used. */
  readonly databaseUrl?: string;
  /** Holds the embedded database (`pgdata/`) and the owner lock. */
  readonly dataDir: string;
  /** Most connections to a `databaseUrl` server (default {@link DEFAULT_POOL_MAX}); PGlite always has one. */
  readonly poolMax?: number;
  /**
   * Connections of a `databaseUrl` server on which reads outside transactions are pipelined
   * (default {@link DEFAULT_READ_CONNECTIONS}); see {@link PipelinedPostgresReads}. PGlite's reads
   * share its one connection.
   */
  readonly readConnections?: number;
  readonly logger?: DatabaseLogger;
  /** How often the embedded database is vacuumed and analysed (default {@link EMBEDDED_MAINTENANCE_MS}). */
  readonly maintenanceIntervalMs?: number;
}

/** The pool of a real PostgreSQL: the driver's own default, stated (`DATABASE_POOL_MAX`). */
export const DEFAULT_POOL_MAX = 10;

/** One pipelined connection carries a busy node's reads with the fewest wake-ups on both sides. */
export const DEFAULT_READ_CONNECTIONS = 1;

/** An open, migrated database. `close()` releases the connection pool, PGlite and the lock. */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly orm: MikroORM;
  readonly uow: MikroOrmUnitOfWork;
  /** Names of the migrations this open applied (empty when the schema was current). */
  readonly applied: readonly string[];
  close(): Promise<void>;
}

const ormOptions = (connection: Options): Options => ({
  ...connection,
  entities,
  discovery: { disableDynamicFileAccess: true },
  allowGlobalContext: false,
  debug: false,
  ensureDatabase: false,
  extensions: [Migrator],
  migrations: {
    migrationsList,
    tableName: 'mikro_orm_migrations',
    transactional: true,
    allOrNothing: true,
    disableForeignKeys: false,
    snapshot: false,
    silent: true,
  },
});

/**
 * Opens the store and brings its schema up to date: real PostgreSQL when `databaseUrl` is
 * given, otherwise PGlite persisted in `dataDir`, locked to this process.
 */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  // Undone in reverse order: ORM, then the embedded server, then the data-dir lock.
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    const pending = cleanups.splice(0).reverse();
    const failures: unknown[] = [];
    for (const cleanup of pending) await Promise.resolve().then(cleanup).catch((error) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  };

  try {
    let connection: Options;
    let embeddedSession: PgliteSession | null = null;
    if (options.databaseUrl) {
      const max = options.poolMax ?? DEFAULT_POOL_MAX;
      connection = { clientUrl: options.databaseUrl, pool: { min: Math.min(2, max), max } };
    } else {
      mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
      cleanups.push(lockDataDir(options.dataDir));
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres(options.dataDir);
      cleanups.push(() => embedded.stop());
      connection = {
        user: 'postgres',
        dbName: 'postgres',
        // pg reaches PGlite through the session's in-memory streams: host and port are not dialled.
        driverOptions: { connection: { stream: embedded.session.connect } },
        // PGlite runs one session: the pool must never open a second connection.
        pool: { min: 0, max: 1 },
      };
      embeddedSession = embedded.session;
      options.logger?.info(`embedded database in ${options.dataDir}`);
    }

    const orm = await MikroORM.init(ormOptions(connection));
    cleanups.push(() => orm.close(true));
    if (embeddedSession) routeNativeReads(orm, embeddedSession);
    if (options.databaseUrl) {
      const reads = new PipelinedPostgresReads(options.databaseUrl, options.readConnections ?? DEFAULT_READ_CONNECTIONS);
      cleanups.push(() => reads.close());
      routeNativeReads(orm, reads);
    }
    // The migrator would create a missing database without a word; it is said here.
    if (options.databaseUrl && (await orm.getSchemaGenerator().ensureDatabase())) {
      options.logger?.info(`created the database "${orm.config.get('dbName')}": it did not exist`);
    }

    const applied = (await orm.getMigrator().up()).map((migration) => migration.name);
    if (applied.length > 0) options.logger?.info(`applied migrations: ${applied.join(', ')}`);
    if (!options.databaseUrl) {
      const maintenance = startEmbeddedMaintenance(orm, (message) => options.logger?.warn(message), options.maintenanceIntervalMs);
      cleanups.push(() => maintenance.stop());
    }

    return {
      kind: options.databaseUrl ? 'postgres' : 'pglite',
      orm,
      // The embedded database has one connection: one session (see SessionModel).
      uow: new MikroOrmUnitOfWork(orm, { single: !options.databaseUrl }),
      applied,
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
};

/** Applies pending migrations and closes again (the CLI's `migrate`). Returns their names. */
export const migrate = async (options: DatabaseOptions): Promise<readonly string[]> => {
  const database = await openDatabase(options);
  await database.close();
  return database.applied;
};
