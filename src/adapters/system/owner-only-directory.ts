import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const GROUP_AND_OTHERS = 0o077;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Drops the group and other bits of `path` and, for a directory, of all it holds. Symbolic links are never followed. */
const tighten = async (path: string): Promise<void> => {
  let names: string[] = [];
  try {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return;
    if ((info.mode & GROUP_AND_OTHERS) !== 0) await chmod(path, info.mode & ~GROUP_AND_OTHERS & 0o7777);
    if (info.isDirectory()) names = await readdir(path);
  } catch (error) {
    // Missing: not made yet, or removed by the database between two looks.
    if (isMissing(error)) return;
    throw error;
  }
  for (const name of names) await tighten(join(path, name));
};

/**
 * Makes an existing `dir` its owner's alone: the directory 0700, which already keeps every
 * other local user out of all it holds, and no group or other bits on `entries` (names in
 * `dir`, directories walked), so that they stay private even when copied elsewhere. Only the
 * given entries are walked: `dir` may be a directory the operator uses for more. Files a
 * library makes 0666 (PGlite does) are caught the next time this runs; the process umask is
 * not touched, it belongs to the host. A missing `dir` stays missing.
 */
export const restrictToOwner = async (dir: string, entries: readonly string[]): Promise<void> => {
  try {
    await chmod(dir, 0o700);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) await tighten(join(dir, entry));
};
