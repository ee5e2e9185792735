import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE } from '../../adapters/mikro-orm/data-dir-lock.js';
import { openDatabase } from '../../adapters/mikro-orm/database.js';

/**
 * An embedded store made and migrated once for a whole run: each stage starts from a copy, since
 * creating and migrating a new embedded database is the slow part of starting a stage.
 */
export interface EmbeddedTemplate {
  /** A new data folder holding a copy of the migrated store. */
  copy(): Promise<string>;
  remove(): Promise<void>;
}

export const makeEmbeddedTemplate = async (): Promise<EmbeddedTemplate> => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-test-template-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    await database.close();
    await rm(join(dir, LOCK_FILE), { force: true });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    copy: async () => {
      const into = await mkdtemp(join(tmpdir(), 'switchboard-test-'));
      await cp(dir, into, { recursive: true });
      return into;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
};
