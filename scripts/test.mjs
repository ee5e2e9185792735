// `npm test`: the typecheck, the layer rules and the build of dist/ (which the end-to-end tests
// run) side by side, then every test file. The checks are independent, and on a small machine
// running them one after another left a core idle for half a minute.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildNotice, buildIsStale } from './ensure-build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs `command` with its output kept, so that parallel checks do not interleave theirs. */
const run = (name, command, args, { quiet = true } = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const checks = [run('lint:layers', 'npm', ['run', '--silent', 'lint:layers'])];
if (buildIsStale()) {
  // One compiler run checks src/ and the tests and writes dist/src/ as `npm run build` does (the
  // build's configuration is this one's, narrowed to src/); a separate build would check src/ twice.
  process.stderr.write(buildNotice());
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  checks.push(run('typecheck and build', process.execPath, [tsc, '-p', 'tsconfig.json']));
} else {
  checks.push(run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
}
const results = await Promise.all(checks);
for (const { name, code, output } of results) {
  process.stdout.write(`${code === 0 ? '✔' : '✘'} ${name}\n`);
  if (code !== 0 || (name === 'lint:layers' && output.trim())) process.stdout.write(output);
}
if (results.some((r) => r.code !== 0)) process.exit(1);
const tests = await run('vitest', npx, ['vitest', 'run', ...process.argv.slice(2)], { quiet: false });
process.exit(tests.code);
