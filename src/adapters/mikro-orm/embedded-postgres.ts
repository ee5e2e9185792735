import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

/** pg finds a server's Unix socket as `<host>/.s.PGSQL.<port>`, `host` being a directory. */
const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/** sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedPostgres {
  /** Where pg connects: the socket's directory as `host`, plus `port`. */
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * The database thread: PGlite and its socket server. Plain CommonJS evaluated in a worker, so it
 * runs the same from the compiled build, under tsx and under vitest (a worker cannot load the
 * TypeScript sources in all three); the packages are resolved from this module's location.
 */
const DATABASE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const load = require('node:module').createRequire(workerData.base);
const { PGlite } = load('@electric-sql/pglite');
const { PGLiteSocketServer } = load('@electric-sql/pglite-socket');
(async () => {
  let db = null;
  let server = null;
  try {
    db = await PGlite.create(workerData.pgdata);
    // The pool keeps one connection; slack here only absorbs a reconnect racing the old socket's close.
    server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 4 });
    await server.start();
  } catch (error) {
    if (db) await db.close().catch(() => undefined);
    parentPort.postMessage({ failed: String((error && error.stack) || error) });
    return;
  }
  parentPort.on('message', async () => {
    await server.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    parentPort.postMessage({ stopped: true });
  });
  parentPort.postMessage({ ready: true });
})();
`;

type ThreadMessage = { readonly ready: true } | { readonly failed: string } | { readonly stopped: true };

/** The thread's next message, or its failure to get there (it threw, or it exited). */
const nextMessage = (thread: Worker): Promise<ThreadMessage> =>
  new Promise((resolve, reject) => {
    const settle = (done: () => void) => {
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      done();
    };
    const onMessage = (message: ThreadMessage) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) => settle(() => reject(new Error(`the embedded database thread exited (code ${code})`)));
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
  });

/**
 * PGlite persisted in `<dataDir>/pgdata`, served over a Unix socket so that MikroORM's
 * PostgreSQL driver talks to it like to any server. Socket and database belong to this process,
 * the database to a thread of its own: the engine (WebAssembly) then runs on another core than
 * the application, as a database server would, instead of taking turns with it on one.
 */
export const startEmbeddedPostgres = async (dataDir: string): Promise<EmbeddedPostgres> => {
  const root = resolve(dataDir);
  const pgdata = join(root, 'pgdata');
  mkdirSync(pgdata, { recursive: true });

  // A deep DATA_DIR cannot hold a socket path; a private temporary directory can.
  const ownSocketDir = join(root, SOCKET_NAME).length > MAX_SOCKET_PATH ? mkdtempSync(join(tmpdir(), 'sb-')) : null;
  const socketDir = ownSocketDir ?? root;
  const socketPath = join(socketDir, SOCKET_NAME);
  rmSync(socketPath, { force: true }); // left by a process that died (we hold the data-dir lock)

  const thread = new Worker(DATABASE_THREAD, { eval: true, workerData: { base: import.meta.url, pgdata, socketPath } });
  const removeSocket = () => {
    rmSync(socketPath, { force: true });
    if (ownSocketDir) rmSync(ownSocketDir, { recursive: true, force: true });
  };
  const started = await nextMessage(thread).catch((error: unknown) => ({ failed: String(error) }));
  if (!('ready' in started)) {
    await thread.terminate();
    removeSocket();
    throw new Error(`the embedded database did not start: ${'failed' in started ? started.failed : 'stopped'}`);
  }

  return {
    host: socketDir,
    port: SOCKET_PORT,
    stop: async () => {
      const stopped = nextMessage(thread).catch(() => undefined);
      thread.postMessage('stop');
      await stopped;
      await thread.terminate();
      removeSocket();
    },
  };
};
