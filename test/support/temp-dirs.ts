import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { aMigratedDataDir } from './pglite-template.js';

/**
 * Temporary folders for the tests of one describe block, each removed after the test that made
 * it: call at the top of the block, then `await aTempDir()` inside a test.
 */
export const tempDirsRemovedAfterEach = (prefix: string): (() => Promise<string>) => removedAfterEach(() => mkdtemp(join(tmpdir(), prefix)));

/**
 * As {@link tempDirsRemovedAfterEach}, each folder a DATA_DIR holding an embedded store already
 * migrated, for tests of a start that is not about creating the store (a new one costs seconds of CPU).
 */
export const migratedDataDirsRemovedAfterEach = (prefix: string): (() => Promise<string>) => removedAfterEach(() => aMigratedDataDir(prefix));

const removedAfterEach = (make: () => Promise<string>): (() => Promise<string>) => {
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dir = await make();
    made.push(dir);
    return dir;
  };
};
