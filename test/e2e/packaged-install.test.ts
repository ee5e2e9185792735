import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { packagesLoadedBy } from './support/runtime-imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Why this machine cannot run the test, said aloud; null when it can. */
const cannotRun = !works('npm', ['--version'])
  ? 'npm is not on PATH'
  : !works('script', ['--version'])
    ? '`script` (util-linux) is not installed: it gives the server a terminal'
    : null;
if (cannotRun) process.stderr.write(`\nSKIPPED the packaged-install test: ${cannotRun}.\n`);

const run = (command: string, args: string[], cwd: string): string => {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${done.status}):\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
};

/**
 * Switchboard as a host application gets it: `npm pack`, installed from the tarball into an
 * empty app (production dependencies only, from the local npm cache where it can), then
 * `switchboard serve` started in a pseudo-terminal, where logs used to go through pino-pretty,
 * a development dependency the installed package does not have.
 */
describe.skipIf(cannotRun !== null)('Switchboard installed from its package', () => {
  let scratch: string;
  let app: string;
  let bin: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'sb-packaged-'));
    app = join(scratch, 'host-app');
    // prepack builds dist/ when it is missing or older than src/.
    const tarball = run('npm', ['pack', '--silent', '--pack-destination', scratch], ROOT).trim().split('\n').at(-1)!;
    run('mkdir', ['-p', app], scratch);
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'host-app', private: true, type: 'module' }));
    run('npm', ['install', join(scratch, tarball), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app);
    bin = join(app, 'node_modules', '.bin', 'switchboard');
  }, 360_000);
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('ships the compiled code, the command and the scenario schema, not the sources', async () => {
    const installed = join(app, 'node_modules', 'switchboard');
    const { stdout } = spawnSync('ls', [installed], { encoding: 'utf8' });
    // npm may nest a dependency of ours under the package (two versions of one library in the
    // tree): that folder is npm's, not something the tarball ships.
    const shipped = stdout.split('\n').filter((name) => name !== '' && name !== 'node_modules');
    expect(shipped.sort()).toEqual(['README.md', 'bin', 'dist', 'package.json', 'schemas']);
  });

  it('loads at run time only packages it depends on', () => {
    const loaded = packagesLoadedBy(join(app, 'node_modules', 'switchboard', 'dist', 'src'));
    // pino-pretty is looked up, and used only when the host installed it (see createPinoLogger).
    const optional = new Set(['pino-pretty']);
    const undeclared = [...loaded].filter(([name]) => !(name in manifest.dependencies) && !optional.has(name));
    expect(undeclared.map(([name, file]) => `${name} (${file.slice(file.indexOf('dist/'))})`)).toEqual([]);
    expect(loaded.has('pino')).toBe(true); // the scan sees imports at all
  });

  it('answers --help, help and help <command>', () => {
    const help = spawnSync(bin, ['--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: switchboard <command>/);
    expect(spawnSync(bin, ['help'], { encoding: 'utf8' }).stdout).toBe(help.stdout);
    const serve = spawnSync(bin, ['help', 'serve'], { encoding: 'utf8' });
    expect(serve.stdout).toMatch(/^usage: switchboard serve/);
    const unknown = spawnSync(bin, ['help', 'no-such-command'], { encoding: 'utf8' });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^unknown command "no-such-command"/);
  });

  it('serves in a terminal: /health and / answer, and it stops cleanly', async () => {
    const dataDir = join(scratch, 'data');
    let output = '';
    // `script` gives the server a pseudo-terminal: stdout.isTTY is true, as in a user's shell.
    const server: ChildProcess = spawn('script', ['-qfec', `${bin} serve`, '/dev/null'], {
      cwd: app,
      detached: true,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve((exitCode = code))));
    try {
      const url = await eventually(() => {
        if (exitCode !== undefined) throw new Error(`switchboard serve ended (status ${exitCode}) before it said it was running:\n${output}`);
        return /Switchboard is running at (http:\/\/\S+)/.exec(output)?.[1];
      }, {
        what: () => `the start-up banner; the terminal showed:\n${output}`,
        within: 60_000,
      });
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      const landing = await fetch(`${url}/`);
      expect(landing.status).toBe(200);
      expect(await landing.text()).toContain('Switchboard is running');
      expect(output).toContain(`(admin token: ${join(dataDir, 'admin-token')})`);
    } finally {
      // The whole group: `script` and the server under it. Gone already if it ended by itself.
      if (exitCode === undefined) {
        try {
          process.kill(-server.pid!, 'SIGTERM');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
    }
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/unable to determine transport|Error:|ERR_/);
  }, 90_000);
});
