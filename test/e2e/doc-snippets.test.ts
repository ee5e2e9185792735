import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  assignedVariables,
  blocksOf,
  freePort,
  freshEnv,
  groupAlive,
  PROGRAM,
  runs,
  runShellBlocks,
  SHELL,
  type CodeBlock,
  type ShellRun,
} from '../support/doc-snippets.js';
import { eventually } from '../support/eventually.js';

/**
 * The README's quick start and the embedding guide, pasted as a reader would: every shell block
 * not marked `no-run` is run in order in one bash session, every program block with a `file=`
 * is written where the shell blocks run, against a fresh server (a temp directory, a free port,
 * the embedded PGlite and the simulated carrier). Then what each step did is checked.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const where = (block: CodeBlock) => `the ${block.language} block at line ${block.line}`;

/** Every block a reader would paste is either run or marked `no-run`; nothing is silently skipped. */
const unrunnable = (blocks: readonly CodeBlock[], runsPrograms: boolean) =>
  blocks
    .filter((block) => runs(block))
    .filter((block) => !SHELL.includes(block.language) && (!PROGRAM.includes(block.language) || !runsPrograms || block.file === null))
    .filter((block) => PROGRAM.includes(block.language) || !['', 'json', 'jsonc', 'graphql', 'text', 'http'].includes(block.language))
    .map(where);


/** Stops what the blocks left in the background (the server) and waits until it is gone. */
const stopGroup = async (run: ShellRun | undefined) => {
  if (!run || !groupAlive(run.processGroup)) return;
  process.kill(-run.processGroup, 'SIGTERM');
  await eventually(() => !groupAlive(run.processGroup), { what: 'the background processes of the blocks to stop', within: 30_000 });
};

const shellLog = (run: ShellRun) => `exit ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;

describe('the README quick start, pasted into a shell', () => {
  const readme = blocksOf(join(ROOT, 'README.md'));
  const pasted = readme.filter((block) => SHELL.includes(block.language) && runs(block));
  let work: string;
  let port: number;
  let run: ShellRun;

  beforeAll(async () => {
    // A directory that looks like a fresh checkout: the repository's files, its own ./.switchboard.
    work = await mkdtemp(join(tmpdir(), 'switchboard-quick-start-'));
    for (const entry of ['package.json', 'bin', 'scripts', 'src', 'dist', 'node_modules', 'tsconfig.json', 'tsconfig.build.json']) {
      await symlink(join(ROOT, entry), join(work, entry));
    }
    port = await freePort();
    run = await runShellBlocks(pasted, {
      cwd: work,
      env: freshEnv({ PORT: String(port) }),
      variables: assignedVariables(pasted),
      timeoutMs: 240_000,
    });
  }, 300_000);

  afterAll(async () => {
    await stopGroup(run);
    await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('has only blocks that are run or marked no-run', () => {
    expect(pasted.length).toBeGreaterThanOrEqual(4);
    expect(unrunnable(readme, false)).toEqual([]);
  });

  it('runs every block to the end', () => {
    expect(run.code, shellLog(run)).toBe(0);
  });

  it('captures the key and the ids into shell variables', () => {
    expect(run.variables.KEY, shellLog(run)).toMatch(/^sk_live_[\w-]+$/);
    expect(run.variables.AGENT).toMatch(/^agt_\w+$/);
    expect(run.variables.NUMBER).toMatch(/^num_\w+$/);
    expect(run.variables.CONVERSATION).toMatch(/^conv_\w+$/);
  });

  it('leaves the agent with its number, and the text stored in its conversation', async () => {
    const api = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${run.variables.KEY}` };
    const agent = await (await fetch(`${api}/v1/agents/${run.variables.AGENT}`, { headers: auth })).json();
    expect(agent.numbers.map((number: { id: string }) => number.id)).toEqual([run.variables.NUMBER]);
    const messages = await (await fetch(`${api}/v1/conversations/${run.variables.CONVERSATION}/messages`, { headers: auth })).json();
    expect(messages.data).toEqual([
      expect.objectContaining({ body: 'Your table is ready', direction: 'outbound', toNumber: '+12125550199' }),
    ]);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('Your table is ready');
  });
});

/** A shell block marked `variant=<name>` is run only for that kind of app; the others, for every kind. */
const variantOf = (block: CodeBlock) => block.flags.find((flag) => flag.startsWith('variant='))?.slice('variant='.length) ?? null;

const APPS = [
  { kind: 'a CommonJS app, as npm init -y makes it', variant: null, type: 'commonjs' },
  { kind: 'an ESM app', variant: 'esm', type: 'module' },
] as const;

describe.each(APPS)('the embedding guide, as a host app: $kind', ({ variant, type }) => {
  const guide = blocksOf(join(ROOT, 'docs/embedding.md'));
  const files = guide.filter((block) => PROGRAM.includes(block.language) && runs(block));
  const shell = guide.filter((block) => SHELL.includes(block.language) && runs(block) && [null, variant as string | null].includes(variantOf(block)));
  const started = shell.filter((block) => !block.flags.includes('teardown'));
  const teardown = shell.filter((block) => block.flags.includes('teardown'));
  let work: string;
  let port: number;
  let run: ShellRun;
  let stopped: ShellRun | undefined;

  beforeAll(async () => {
    // An empty app directory where `switchboard` (this repository) and `tsx` are installed, as
    // the guide's install block would do; its package.json is what the guide's blocks make.
    work = await mkdtemp(join(tmpdir(), 'switchboard-host-app-'));
    await mkdir(join(work, 'node_modules'));
    await symlink(ROOT, join(work, 'node_modules', 'switchboard'));
    await symlink(join(ROOT, 'node_modules', 'tsx'), join(work, 'node_modules', 'tsx'));
    for (const block of files) await writeFile(join(work, block.file!), block.code);
    port = await freePort();
    run = await runShellBlocks(started, { cwd: work, env: freshEnv({ PORT: String(port) }), variables: assignedVariables(started), timeoutMs: 180_000 });
  }, 240_000);

  afterAll(async () => {
    await stopGroup(run);
    await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('has only blocks that are run or marked no-run, and runs a host file', () => {
    expect(files.map((block) => block.file)).toEqual(['host.mts']);
    expect(teardown).toHaveLength(1);
    expect(unrunnable(guide, true)).toEqual([]);
  });

  it(`starts from npm init -y, leaving package.json's type ${type}`, async () => {
    expect(shell[0]!.code).toMatch(/^npm init -y\b/);
    expect(JSON.parse(await readFile(join(work, 'package.json'), 'utf8')).type).toBe(type);
  });

  it('starts the host app, which keeps its own routes beside Switchboard', async () => {
    expect(run.code, shellLog(run)).toBe(0);
    expect(await (await fetch(`http://127.0.0.1:${port}/hello`)).text()).toBe('my app\n');
    expect((await fetch(`http://127.0.0.1:${port}/switchboard/health`)).status).toBe(200);
    expect(run.stdout).toContain(`waiting for Switchboard at http://127.0.0.1:${port}/switchboard/health`);
  });

  it('answers the landing page at the base path', async () => {
    const landing = await fetch(`http://127.0.0.1:${port}/switchboard/`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('href="/switchboard/playground"');
  });

  it('signs up through the mounted API and captures the key and the agent', () => {
    expect(run.variables.KEY, shellLog(run)).toMatch(/^sk_live_[\w-]+$/);
    expect(run.variables.AGENT).toMatch(/^agt_\w+$/);
    expect(run.stdout).toMatch(/"accessToken":"/);
  });

  it('carries a call over the host server\'s upgrade wiring', async () => {
    const origin = `http://127.0.0.1:${port}/switchboard`;
    const response = await fetch(`${origin}/v1/calls/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${run.variables.KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: run.variables.AGENT }),
    });
    const web = await response.json();
    const frames: { type: string; token?: string }[] = [];
    const caller = new WebSocket(`${origin.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(web.accessToken)}`);
    caller.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      caller.once('open', resolve);
      caller.once('error', reject);
    });
    // The starter agent's greeting is spoken as soon as the caller joins.
    await eventually(() => frames.some((frame) => frame.type === 'text' && frame.token), {
      what: () => `the greeting: ${JSON.stringify(frames)}`,
      within: 10_000,
    });
    await new Promise((resolve) => {
      caller.once('close', resolve);
      caller.close();
    });
  });

  it('stops when told to, leaving nothing running', async () => {
    stopped = await runShellBlocks(teardown, { cwd: work, env: freshEnv({ APP_PID: run.variables.APP_PID! }), variables: [], timeoutMs: 60_000 });
    expect(stopped.code, shellLog(stopped)).toBe(0);
    // The host has ended; a helper it started (tsx's esbuild service) ends by itself once its
    // parent is gone, a moment later, unasked.
    await eventually(() => !groupAlive(run.processGroup), { what: 'every process the host started to end by itself', within: 5_000 });
    expect(await readFile(join(work, 'host.log'), 'utf8')).not.toMatch(/"level":(50|60)/);
  }, 90_000);
});

describe('the embedding guide, when the host app does not start', () => {
  const guide = blocksOf(join(ROOT, 'docs/embedding.md'));
  const upTo = guide.filter((block) => SHELL.includes(block.language) && runs(block) && variantOf(block) === null);
  let work: string;
  let run: ShellRun;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'switchboard-broken-host-'));
    await mkdir(join(work, 'node_modules'));
    await symlink(join(ROOT, 'node_modules', 'tsx'), join(work, 'node_modules', 'tsx'));
    await writeFile(join(work, 'host.mts'), "throw new Error('this host app stops at once');\n");
    run = await runShellBlocks(upTo, { cwd: work, env: freshEnv({ PORT: String(await freePort()) }), variables: [], timeoutMs: 120_000 });
  }, 180_000);

  afterAll(async () => {
    await stopGroup(run);
    await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('says the wait is over and why, instead of going on', () => {
    expect(run.code, shellLog(run)).not.toBe(0);
    expect(run.stderr).toContain('Switchboard did not come up; the end of host.log:');
    expect(run.stderr).toContain('this host app stops at once');
    expect(run.stdout).not.toContain('my app');
  });
});
