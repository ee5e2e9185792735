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

/** What the first start (or the first after src/ changed) says before it builds, and why it waits. */
export const buildNotice = (root = ROOT) =>
  `switchboard: building dist/ from src/ with the TypeScript compiler (${existsSync(join(root, ENTRY)) ? 'src/ changed since the last build' : 'a fresh checkout has no dist/ yet'}).\n` +
  'switchboard: this happens once and takes about half a minute (longer on a busy machine); later starts skip it until src/ changes.\n';

/**
 * Runs the TypeScript compiler when dist/ is stale. What it says and the compiler's output go to
 * stderr, so that what a command prints on stdout (an API key, say) stays alone there.
 */
export const ensureBuild = (root = ROOT, say = (text) => process.stderr.write(text)) => {
  if (!buildIsStale(root)) return;
  let tsc;
  try {
    tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    throw new Error(`switchboard: ${ENTRY} is missing or older than src/, and TypeScript is not installed to build it: run \`npm install\` (with the dev dependencies), then \`npm run build\``);
  }
  say(buildNotice(root));
  const began = Date.now();
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: ['ignore', 2, 2] });
  say(`switchboard: built in ${Math.round((Date.now() - began) / 1000)} s.\n`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureBuild();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
