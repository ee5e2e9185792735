import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

/** Every row of every table of the public schema, as JSON text. */
const dumpEveryTable = async (database: Database): Promise<Record<string, string>> => {
  const connection = database.orm.em.getConnection();
  const tables = await connection.execute<{ tablename: string }[]>(`select tablename from pg_tables where schemaname = 'public'`);
  const dump: Record<string, string> = {};
  for (const { tablename } of tables) {
    dump[tablename] = JSON.stringify(await connection.execute(`select * from "${tablename}"`));
  }
  return dump;
};

describe('secrets at rest', () => {
  let dataDir: string;
  let database: Database;
  let h: SwitchboardHarness;
  beforeAll(async () => {
    dataDir = await aMigratedDataDir('switchboard-secrets-');
    database = await openDatabase({ dataDir });
    h = await aSwitchboard({ uow: database.uow });
  });
  afterAll(async () => {
    await h?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps neither a clear API key nor a sign-up code in any table of the database', async () => {
    const pending = await h.startSignUp('pending@example.com'); // a verification left open
    const done = await h.signedUp('secret@example.com');
    const [pendingCode, usedCode] = h.loggedCodes();

    const dump = await dumpEveryTable(database);
    const everything = Object.values(dump).join('\n');

    // The scan saw the rows it is about: the key's visible prefix and both verifications.
    expect(dump.api_keys).toContain(done.api_key.slice(0, 12));
    expect(dump.sign_ups).toContain(pending);
    expect(dump.projects).toContain('secret@example.com');
    expect(everything).not.toContain(done.api_key);
    expect(everything).not.toContain(done.api_key.slice('sk_live_'.length));
    for (const code of [pendingCode!, usedCode!]) {
      // As a value of its own: six digits inside a hash or an id are not the code.
      expect(everything).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
    }
  });
});
