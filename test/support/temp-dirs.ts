import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Temporary folders for the tests of one describe block, each removed after the test that made
 * it: call at the top of the block, then `await aTempDir()` inside a test.
 */
export const tempDirsRemovedAfterEach = (prefix: string): (() => Promise<string>) => {
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
};
