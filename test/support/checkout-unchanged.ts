import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Ignored by git, yet what the quick start reads next: a run must not leave anything there. */
const DATA_DIR = '.switchboard';

const git = (args: string[]): string | null => {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
};

const digest = (path: string): string => {
  try {
    return statSync(path).isFile() ? createHash('sha1').update(readFileSync(path)).digest('hex') : 'dir';
  } catch {
    return 'gone';
  }
};

/** Every file under `dir`, with its digest; empty when there is no such directory. */
const filesUnder = (dir: string): string[] =>
  !existsSync(dir)
    ? []
    : readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((name) => join(dir, name))
        .filter((path) => digest(path) !== 'dir')
        .map((path) => `${path.slice(ROOT.length)} ${digest(path)}`)
        .sort();

/**
 * What the checkout looks like: `git status` (nothing but what .gitignore ignores is left out),
 * the content of every file it lists, and what ./.switchboard holds.
 */
export const checkoutState = (): string[] | null => {
  const status = git(['status', '--porcelain=v1', '--untracked-files=all']);
  if (status === null) return null;
  const lines = status.split('\n').filter((line) => line !== '');
  return [...lines.map((line) => `${line} ${digest(join(ROOT, line.slice(3)))}`), ...filesUnder(join(ROOT, DATA_DIR))];
};

/**
 * Vitest global setup: the run must leave the checkout as it found it (clean stays clean; a
 * developer's uncommitted edits are left as they were). Skipped outside a git checkout, and when
 * the run is asked to refresh the docs' pictures (`npm run docs:screenshots`).
 */
export default function setup(): (() => void) | undefined {
  if (process.env.SCREENSHOTS_TO_DOCS === '1') return undefined;
  const before = checkoutState();
  if (before === null) return undefined;
  return () => {
    const after = checkoutState() ?? [];
    const changed = [...after.filter((line) => !before.includes(line)), ...before.filter((line) => !after.includes(line)).map((line) => `(was) ${line}`)];
    if (changed.length > 0) {
      throw new Error(`the tests changed the checkout (git status and ./${DATA_DIR}, before and after the run):\n${changed.join('\n')}`);
    }
  };
}
