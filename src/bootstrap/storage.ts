import type { Logger } from '../application/ports/logger.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import { InMemoryUnitOfWork } from '../adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../adapters/mikro-orm/database.js';
import type { SwitchboardConfig } from './config.js';

export type StorageChoice = 'database' | 'memory';

export interface OpenedStorage {
  readonly uow: UnitOfWork;
  readonly description: string;
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR; or process memory. */
export const openStorage = async (choice: StorageChoice, config: SwitchboardConfig, logger: Logger): Promise<OpenedStorage> => {
  if (choice === 'memory') {
    return { uow: new InMemoryUnitOfWork(), description: 'in-memory', close: async () => {} };
  }
  const log = logger.child({ component: 'database' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir,
    ...(config.databasePoolMax === undefined ? {} : { poolMax: config.databasePoolMax }),
    logger: { info: (m) => log.info({}, m), warn: (m) => log.warn({}, m), error: (m) => log.error({}, m) },
  });
  return {
    uow: database.uow,
    description: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL',
    close: () => database.close(),
  };
};
