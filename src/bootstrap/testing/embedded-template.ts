import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, copyFile, lstat, mkdir, mkdtemp, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE } from '../../adapters/mikro-orm/data-dir-lock.js';
import { openDatabase } from '../../adapters/mikro-orm/database.js';
import { migrationsList } from '../../adapters/mikro-orm/migrations/index.js';

/**
 * An embedded store made and migrated once, from which each stage starts as a copy: creating and
 * migrating a new embedded database is the slow part of starting a stage, and of a whole short run.
 */
export interface EmbeddedTemplate {
  /** A new data folder holding a copy of the migrated store. */
  copy(): Promise<string>;
  remove(): Promise<void>;
}

export interface TemplateOptions {
  /** Where migrated stores are kept between runs (default: a folder of this user's in the system's temporary one). */
  readonly cacheDir?: string;
}

/**
 * What the migrated store depends on: PGlite's release and every migration's name and code. A
 * store made by other code is never reused, so an edited migration makes a new one.
 */
const storeKey = (): string => {
  const hash = createHash('sha256');
  // Its package file is not exported: it is read beside the entry point the package resolves to.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json')));
  for (const migration of migrationsList) hash.update(`${migration.name}\n${String(migration.class)}\n`);
  return hash.digest('hex').slice(0, 24);
};

const defaultCacheDir = (): string => join(tmpdir(), `switchboard-test-stores-${process.getuid?.() ?? 'user'}`);

/**
 * The cache folder, made this user's alone; null when it is not (someone else's, or open to
 * others), as a store planted there by another user must never be opened.
 */
const ownCacheDir = async (dir: string): Promise<string | null> => {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid)) return null;
  if ((info.mode & 0o077) !== 0) await chmod(dir, 0o700);
  return dir;
};

/** Copies a folder's files, each directory's entries side by side (fs.cp stats every entry twice over). */
const copyTree = async (from: string, into: string): Promise<void> => {
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const source = join(from, entry.name);
      const target = join(into, entry.name);
      if (entry.isDirectory()) {
        await mkdir(target, { mode: 0o700 });
        await copyTree(source, target);
      } else if (entry.isFile()) await copyFile(source, target);
    }),
  );
};

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

/** Makes and migrates a store in `dir`, left closed and unlocked. */
const migrateInto = async (dir: string): Promise<void> => {
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  await rm(join(dir, LOCK_FILE), { force: true });
};

/** A day unused: the store of older code (or of another build of it), not opened again soon. */
const UNUSED_MS = 24 * 60 * 60 * 1000;

/** Marks a kept store used now: {@link pruneUnused} keeps it. */
const used = async (dir: string): Promise<{ dir: string; owned: false }> => {
  const now = new Date();
  await utimes(dir, now, now).catch(() => undefined);
  return { dir, owned: false };
};

/** Removes the kept stores other than `key`'s that no run used for a day (each is a whole database). */
const pruneUnused = async (cache: string, key: string): Promise<void> => {
  for (const name of await readdir(cache)) {
    if (name === key) continue;
    const path = join(cache, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > UNUSED_MS) await rm(path, { recursive: true, force: true }).catch(() => undefined);
  }
};

/** A store of this run alone, removed at its end (no cache folder could be used). */
const runOwnTemplate = async (): Promise<{ dir: string; owned: boolean }> => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-test-template-'));
  try {
    await migrateInto(dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, owned: true };
};

/**
 * The migrated store of this code, from the cache folder when an earlier run made it; else made
 * now and kept there for the next run (made aside and renamed in, so a run never sees half of one).
 */
const cachedTemplate = async (cacheDir: string): Promise<{ dir: string; owned: boolean }> => {
  const cache = await ownCacheDir(cacheDir).catch(() => null);
  if (!cache) return runOwnTemplate();
  const key = storeKey();
  const kept = join(cache, key);
  if (await exists(join(kept, 'pgdata'))) return used(kept);
  const making = await mkdtemp(join(cache, 'making-'));
  try {
    await migrateInto(making);
    await rename(making, kept);
  } catch (error) {
    await rm(making, { recursive: true, force: true });
    // Another run put the same store in place first: that one is used.
    if (await exists(join(kept, 'pgdata'))) return { dir: kept, owned: false };
    throw error;
  }
  await pruneUnused(cache, key);
  return { dir: kept, owned: false };
};

export const makeEmbeddedTemplate = async (options: TemplateOptions = {}): Promise<EmbeddedTemplate> => {
  const { dir, owned } = await cachedTemplate(options.cacheDir ?? defaultCacheDir());
  return {
    copy: async () => {
      const into = await mkdtemp(join(tmpdir(), 'switchboard-test-'));
      try {
        await copyTree(dir, into);
      } catch (error) {
        await rm(into, { recursive: true, force: true });
        throw error;
      }
      return into;
    },
    remove: async () => {
      if (owned) await rm(dir, { recursive: true, force: true });
    },
  };
};
