import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * One temporary DATA_DIR for the Switchboards of the enclosing file or describe, removed after it.
 * A Switchboard given its storage but no carrier still keeps the simulated carrier's numbers in
 * DATA_DIR; left to the default, that is the checkout's ./.switchboard, which the quick start reads.
 */
export const aFileDataDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
};
