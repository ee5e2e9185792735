import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGDATA_DIR } from '../../src/adapters/mikro-orm/embedded-postgres.js';

/**
 * A new PGlite runs initdb, and the store then runs every migration: seconds of CPU each time.
 * Tests that are not about a first start take a copy of a store made once instead (see
 * {@link aMigratedDataDir}); the copies are kept in the temp folder between runs, under a key of
 * what they are made from.
 */
const ENV = 'SWITCHBOARD_TEST_PGLITE_TEMPLATE';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS = join(ROOT, 'src/adapters/mikro-orm/migrations');
/** A fresh in-memory PGlite, as `dumpDataDir` writes it. */
const FRESH_DUMP = 'fresh.tar';

const templateKey = (): string => {
  const hash = createHash('sha1').update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS).sort()) hash.update(name).update(readFileSync(join(MIGRATIONS, name)));
  return hash.digest('hex').slice(0, 16);
};

const makeTemplate = async (into: string): Promise<void> => {
  // Loaded only here: a run that finds the template need not load the ORM to start.
  const { openDatabase } = await import('../../src/adapters/mikro-orm/database.js');
  const database = await openDatabase({ dataDir: into });
  await database.close();
  await rm(join(into, 'switchboard.lock'), { force: true });
  const fresh = await PGlite.create();
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  await writeFile(join(into, FRESH_DUMP), Buffer.from(await dump.arrayBuffer()));
};

/** Vitest global setup: makes the template unless an earlier run left it, and tells the workers where it is. */
export default async function setup(): Promise<void> {
  const parent = join(tmpdir(), 'switchboard-test-pglite');
  const dir = join(parent, templateKey());
  if (!existsSync(join(dir, FRESH_DUMP))) {
    await mkdir(parent, { recursive: true });
    const building = await mkdtemp(join(parent, 'building-'));
    await makeTemplate(building);
    // Another run may have finished first: its copy is as good.
    await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
  }
  process.env[ENV] = dir;
}

/**
 * A new temporary data directory holding a migrated embedded store, as a first start leaves it.
 * Without the template (a run without the global setup) it is empty, and the store is made there.
 */
export const aMigratedDataDir = async (prefix = 'switchboard-test-'): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const template = process.env[ENV];
  if (template) await cp(join(template, PGDATA_DIR), join(dir, PGDATA_DIR), { recursive: true });
  return dir;
};

let freshDump: Promise<Blob> | undefined;

/** A new in-memory PGlite with nothing in it, loaded from the template's dump when there is one. */
export const aFreshPglite = async (): Promise<PGlite> => {
  const template = process.env[ENV];
  if (!template) return PGlite.create();
  freshDump ??= readFile(join(template, FRESH_DUMP)).then((bytes) => new Blob([bytes]));
  return PGlite.create({ loadDataDir: await freshDump });
};
