import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

/**
 * One fenced code block of a Markdown file. The info string is the language, then flags:
 * `no-run` marks a block that is illustrative (never run by the doc-snippet test), and
 * `file=<name>` names the file a block is written to before the shell blocks run.
 */
export interface CodeBlock {
  readonly language: string;
  readonly flags: readonly string[];
  readonly file: string | null;
  readonly code: string;
  /** 1-based line of the opening fence, for messages. */
  readonly line: number;
}

/** Languages a reader would paste into a shell or a program, as opposed to sample output. */
export const SHELL = ['sh', 'bash', 'shell'];
export const PROGRAM = ['ts', 'typescript', 'js', 'javascript', 'mjs'];

export const fencedBlocks = (markdown: string): CodeBlock[] => {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const words = info!.trim().split(/\s+/).filter(Boolean);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[j]!); j++) body.push(lines[j]!.slice(indent!.length));
    const flags = words.slice(1);
    const file = flags.find((flag) => flag.startsWith('file='))?.slice('file='.length) ?? null;
    blocks.push({ language: words[0] ?? '', flags, file, code: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
};

export const blocksOf = (path: string) => fencedBlocks(readFileSync(path, 'utf8'));

export const runs = (block: CodeBlock) => !block.flags.includes('no-run');

/** Shell variables the blocks assign (`NAME=…` at the start of a line), in order of appearance. */
export const assignedVariables = (blocks: readonly CodeBlock[]): string[] => [
  ...new Set(blocks.flatMap((block) => [...block.code.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!))),
];

/** A TCP port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The environment of a fresh user: none of Switchboard's settings from this process leak in. */
export const freshEnv = (extra: Record<string, string>): Record<string, string> => {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    const switchboardSetting = /^(DATABASE_URL|DATA_DIR|TWILIO_|SMTP_|MAIL|LLM_|PORT|HOST|PUBLIC_URL|ADMIN_TOKEN|NODE_ENV|EVENT_BUS)/.test(key);
    if (value !== undefined && !switchboardSetting && !key.startsWith('VITEST') && !key.startsWith('npm_')) clean[key] = value;
  }
  return { ...clean, ...extra };
};

export interface ShellRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The values of the variables asked for, as the shell held them after the last block. */
  readonly variables: Readonly<Record<string, string>>;
  /** The shell's process group: what the blocks started in the background is still in it. */
  readonly processGroup: number;
}

/**
 * Runs the blocks as one pasted session of bash (`-e` and `pipefail`, so a failing step fails
 * the run), then prints the variables asked for. The shell leads a process group of its own,
 * so whatever the blocks left running in the background can be stopped as one.
 */
export const runShellBlocks = (
  blocks: readonly CodeBlock[],
  options: { readonly cwd: string; readonly env: Record<string, string>; readonly variables: readonly string[]; readonly timeoutMs: number },
) =>
  new Promise<ShellRun>((resolve, reject) => {
    const reportDir = mkdtempSync(join(tmpdir(), 'doc-snippet-vars-'));
    const reportFile = join(reportDir, 'variables');
    const report = options.variables.map((name) => `printf '%s=%s\\n' ${name} "$${name}" >> '${reportFile}'`).join('\n');
    const script = ['set -e -o pipefail', ...blocks.map((block) => block.code), report].join('\n');
    const child = spawn('bash', ['-c', script], { cwd: options.cwd, env: options.env, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
      reject(new Error(`the blocks did not finish within ${options.timeoutMs} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, options.timeoutMs);
    // `close` comes once every process holding the pipes is done: background servers in the
    // blocks must send their output to a file (as the docs do), or the run times out.
    child.once('close', (code) => {
      clearTimeout(timer);
      let written = '';
      try {
        written = readFileSync(reportFile, 'utf8');
      } catch {
        /* the blocks failed before the report */
      }
      rmSync(reportDir, { recursive: true, force: true });
      const variables = Object.fromEntries(
        written
          .split('\n')
          .filter((line) => line.includes('='))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      resolve({ code, stdout, stderr, variables, processGroup: child.pid! });
    });
  });

/** True while some process of the group is alive. */
export const groupAlive = (processGroup: number): boolean => {
  try {
    process.kill(-processGroup, 0);
    return true;
  } catch {
    return false;
  }
};
