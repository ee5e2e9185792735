import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'switchboard.lock';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const tryCreate = (path: string): boolean => {
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
};

const readOwner = (path: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

/**
 * Makes this process the only owner of `dataDir`: the embedded database serves one process.
 * A lock left by a dead process is taken over. Returns the release function.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(path)) return () => rmSync(path, { force: true });
    const owner = readOwner(path);
    if (owner !== null && isAlive(owner)) {
      throw new Error(`${dataDir} is in use by another Switchboard process (pid ${owner})`);
    }
    rmSync(path, { force: true });
  }
  throw new Error(`${dataDir} is in use by another Switchboard process (lock file ${path})`);
};
