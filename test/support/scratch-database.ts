import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs one statement on the PostgreSQL server at `serverUrl`, on a connection of its own.
 * `create database` and `drop database` refuse to run inside a transaction block, and a pool would
 * keep a connection open after the test; one short-lived client per statement avoids both.
 */
export const runOnServer = async (serverUrl: string, sql: string): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export interface ScratchDatabase {
  readonly name: string;
  /** `serverUrl` with its database swapped for this one; credentials, host and query are kept. */
  readonly url: string;
  /** Drops the database; safe to call twice, and after a failed test left connections open. */
  drop(): Promise<void>;
}

/**
 * A throw-away database on the test server, so runs (and test files running in parallel) never see
 * each other's rows. The name goes into SQL unquoted, so the prefix is held to a plain lowercase
 * identifier; the random suffix is hex.
 */
export const createScratchDatabase = async (serverUrl: string, prefix: string): Promise<ScratchDatabase> => {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`not a plain lowercase identifier: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // `with (force)` (PostgreSQL 13+) ends sessions a failed test or a killed child process left
    // behind, which would otherwise make the drop fail and leak the database.
    drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
};
