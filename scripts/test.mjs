// `npm test`: the typecheck, the layer rules and the build of dist/ (which the end-to-end tests
// run), and every test file, all at once. On a small machine the checks alone left a core idle,
// and the unit and integration files need no build: only the end-to-end files wait for it, each
// at its start (test/support/await-build.ts). The checks' output follows the tests'.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNotice, buildIsStale } from './ensure-build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs `command`, its output kept unless `quiet` is false, so that parallel runs do not interleave. */
const run = (name, command, args, { quiet = true, env = process.env } = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const signals = mkdtempSync(join(tmpdir(), 'switchboard-test-build-'));
const signal = join(signals, 'outcome');

const checks = [run('lint:layers', 'npm', ['run', '--silent', 'lint:layers'])];
if (buildIsStale()) {
  // One compiler run checks src/ and the tests and writes dist/src/ as `npm run build` does (the
  // build's configuration is this one's, narrowed to src/); a separate build would check src/ twice.
  process.stderr.write(buildNotice());
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const build = run('typecheck and build', process.execPath, [tsc, '-p', 'tsconfig.json']);
  build.then(({ code }) => writeFileSync(signal, code === 0 ? 'built' : 'failed'));
  checks.push(build);
} else {
  writeFileSync(signal, 'built');
  checks.push(run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
}
const tests = run('vitest', npx, ['vitest', 'run', ...process.argv.slice(2)], {
  quiet: false,
  env: { ...process.env, SWITCHBOARD_TEST_BUILD_SIGNAL: signal },
});
const results = await Promise.all(checks);
const tested = await tests;
rmSync(signals, { recursive: true, force: true });
for (const { name, code, output } of results) {
  process.stdout.write(`${code === 0 ? '✔' : '✘'} ${name}\n`);
  if (code !== 0 || (name === 'lint:layers' && output.trim())) process.stdout.write(output);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : tested.code);
