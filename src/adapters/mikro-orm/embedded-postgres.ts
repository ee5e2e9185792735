import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** pg finds a server's Unix socket as `<host>/.s.PGSQL.<port>`, `host` being a directory. */
const SOCKET_PORT = 5432;
export const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/** Where PGlite keeps the database, under the data directory. */
export const PGDATA_DIR = 'pgdata';
/** sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedPostgres {
  /** Where pg connects: the socket's directory as `host`, plus `port`. */
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * PGlite persisted in `<dataDir>/pgdata`, served over a Unix socket so that MikroORM's
 * PostgreSQL driver talks to it like to any server. Socket and database belong to this process.
 */
export const startEmbeddedPostgres = async (dataDir: string): Promise<EmbeddedPostgres> => {
  const root = resolve(dataDir);
  const pgdata = join(root, PGDATA_DIR);
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });

  // A deep DATA_DIR cannot hold a socket path; a private temporary directory can.
  const ownSocketDir = join(root, SOCKET_NAME).length > MAX_SOCKET_PATH ? mkdtempSync(join(tmpdir(), 'sb-')) : null;
  const socketDir = ownSocketDir ?? root;
  const socketPath = join(socketDir, SOCKET_NAME);
  rmSync(socketPath, { force: true }); // left by a process that died (we hold the data-dir lock)

  const db = await PGlite.create(pgdata);
  // The pool keeps one connection; slack here only absorbs a reconnect racing the old socket's close.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }

  return {
    host: socketDir,
    port: SOCKET_PORT,
    stop: async () => {
      await server.stop();
      await db.close();
      rmSync(socketPath, { force: true });
      if (ownSocketDir) rmSync(ownSocketDir, { recursive: true, force: true });
    },
  };
};
