import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const GROUP_AND_OTHERS = 0o077;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Drops the group and other bits of everything under `dir`; symbolic links are left alone, never followed. */
const tightenEntriesOf = async (dir: string): Promise<void> => {
  const names = await readdir(dir).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  for (const name of names) {
    const path = join(dir, name);
    try {
      const info = await lstat(path);
      if (info.isSymbolicLink()) continue;
      if ((info.mode & GROUP_AND_OTHERS) !== 0) await chmod(path, info.mode & 0o7700);
      if (info.isDirectory()) await tightenEntriesOf(path);
    } catch (error) {
      // The database may remove a file of its own between readdir and chmod.
      if (!isMissing(error)) throw error;
    }
  }
};

/**
 * Makes an existing `dir` the owner's alone: the directory itself 0700, which already keeps
 * every other local user out of all it holds, and no group or other bits on anything under it,
 * so that nothing is readable even when the directory is copied or its mode loosened. Files
 * that a library creates 0666 (PGlite does) are caught the next time this runs. A missing
 * `dir` is left missing. The process umask is not touched: it belongs to the host.
 */
export const restrictToOwner = async (dir: string): Promise<void> => {
  try {
    await chmod(dir, 0o700);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  await tightenEntriesOf(dir);
};
