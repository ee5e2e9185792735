import type { Logger } from '../application/ports/logger.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import { InMemoryUnitOfWork } from '../adapters/memory/in-memory-unit-of-work.js';
import { EMBEDDED_DATABASE_ENTRIES, openDatabase } from '../adapters/mikro-orm/database.js';
import { restrictToOwner } from '../adapters/system/owner-only-directory.js';
import type { SwitchboardConfig } from './config.js';
import { ADMIN_TOKEN_FILE, SIMULATED_CARRIER_FILE } from './data-dir-files.js';
import { DatabaseUrlError } from './database-url-errors.js';

export type StorageChoice = 'database' | 'memory';

/** Switchboard's own entries in DATA_DIR; whatever else an operator put there is left as it is. */
const OWN_ENTRIES = [...EMBEDDED_DATABASE_ENTRIES, ADMIN_TOKEN_FILE, SIMULATED_CARRIER_FILE, `${SIMULATED_CARRIER_FILE}.tmp`];

export interface OpenedStorage {
  readonly uow: UnitOfWork;
  readonly description: string;
  close(): Promise<void>;
}

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR; or process memory.
 * DATA_DIR (the embedded database, the admin token, the simulated carrier's numbers) is made
 * the owner's alone before the database opens, after PGlite has made its files, and at close.
 */
export const openStorage = async (choice: StorageChoice, config: SwitchboardConfig, logger: Logger): Promise<OpenedStorage> => {
  if (choice === 'memory') {
    return { uow: new InMemoryUnitOfWork(), description: 'in-memory', close: async () => {} };
  }
  await restrictToOwner(config.dataDir, OWN_ENTRIES);
  const log = logger.child({ component: 'database' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir,
    ...(config.databasePoolMax === undefined ? {} : { poolMax: config.databasePoolMax }),
    ...(config.databaseReadConnections === undefined ? {} : { readConnections: config.databaseReadConnections }),
    logger: { info: (m) => log.info({}, m), warn: (m) => log.warn({}, m), error: (m) => log.error({}, m) },
  }).catch((error: unknown) => {
    throw config.databaseUrl ? new DatabaseUrlError(config.databaseUrl, error) : error;
  });
  if (database.kind === 'pglite') await restrictToOwner(config.dataDir, OWN_ENTRIES);
  return {
    uow: database.uow,
    description: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL',
    close: async () => {
      await database.close();
      if (database.kind === 'pglite') await restrictToOwner(config.dataDir, OWN_ENTRIES);
    },
  };
};
