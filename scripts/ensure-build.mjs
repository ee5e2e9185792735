// Builds dist/ from src/ when it is missing or older than src/: `npm start`, `npm run cli` and
// `npx switchboard` in a checkout run the compiled code, and a fresh clone has none yet.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ENTRY = 'dist/src/bootstrap/cli.js';

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newest(path) : statSync(path).mtimeMs;
    return Math.max(latest, time);
  }, 0);

/** True when dist/ has to be (re)built from src/. */
export const buildIsStale = (root = ROOT) => {
  const entry = join(root, ENTRY);
  return !existsSync(entry) || newest(join(root, 'src')) > statSync(entry).mtimeMs;
};

/**
 * Runs the TypeScript compiler when dist/ is stale. Its output goes to stderr, so that what a
 * command prints on stdout (an API key, say) stays alone there.
 */
export const ensureBuild = (root = ROOT) => {
  if (!buildIsStale(root)) return;
  let tsc;
  try {
    tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    throw new Error(`switchboard: ${ENTRY} is missing or older than src/, and TypeScript is not installed to build it: run \`npm install\` (with the dev dependencies), then \`npm run build\``);
  }
  process.stderr.write('building switchboard (dist/ is missing or older than src/)…\n');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: ['ignore', 2, 2] });
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureBuild();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
