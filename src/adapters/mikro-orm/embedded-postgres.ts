import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgliteSession } from './pglite-session.js';

/** Where PGlite keeps the database, under the data directory. */
export const PGDATA_DIR = 'pgdata';

export interface EmbeddedPostgres {
  /** The database's one session: pg connects through it, native reads run on it. */
  readonly session: PgliteSession;
  stop(): Promise<void>;
}

/**
 * PGlite persisted in `<dataDir>/pgdata`, reached in process through one {@link PgliteSession}:
 * MikroORM's PostgreSQL driver talks to it like to any server, over streams instead of a socket.
 * The database belongs to this process (the caller holds the data-dir lock).
 */
export const startEmbeddedPostgres = async (dataDir: string): Promise<EmbeddedPostgres> => {
  const pgdata = join(resolve(dataDir), PGDATA_DIR);
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  // pg_trgm: the knowledge bases' near-miss spellings (its migration creates the extension).
  const db = await PGlite.create(pgdata, { extensions: { pg_trgm } });
  const session = new PgliteSession(db);
  return {
    session,
    stop: async () => {
      session.close();
      await db.close();
    },
  };
};
