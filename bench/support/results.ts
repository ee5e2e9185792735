import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, stat } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's own `bench/results/`, where a run is recorded unless BENCH_RESULTS_DIR names another. */
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));

/** One run of a bench, as its result file keeps it. */
export interface BenchRun {
  /** The bench's short name, the file's suffix: `rest`, `hosted`, `voice-idle`. */
  readonly bench: string;
  readonly startedAt: Date;
  readonly command: string;
  /** The settings the run was given (`BENCH_…=…`); a database URL is named, never written out. */
  readonly settings: readonly string[];
  readonly code: string;
  readonly machine: string;
  /** Everything the bench printed, as printed. */
  readonly output: string;
}

/** One file a bench and UTC day: `2026-11-29-rest.md`. */
export const resultFile = (dir: string, bench: string, at: Date): string => join(dir, `${at.toISOString().slice(0, 10)}-${bench}.md`);

const fence = (text: string): string => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return '`'.repeat(longest + 1);
};

export const runSection = (run: BenchRun): string => {
  const output = run.output.replace(/\s+$/, '');
  const marks = fence(output);
  return [
    `## ${run.startedAt.toISOString().slice(11, 19)} UTC`,
    '',
    `- command: \`${run.command}\``,
    `- settings: ${run.settings.length === 0 ? 'the defaults' : run.settings.map((setting) => `\`${setting}\``).join(', ')}`,
    `- code: ${run.code}`,
    `- machine: ${run.machine}`,
    '',
    `${marks}text`,
    output,
    marks,
    '',
  ].join('\n');
};

const exists = (file: string) => stat(file).then(() => true, () => false);

/** Appends the run to its day's file, which it starts when it is the day's first run of that bench. */
export const saveRun = async (dir: string, run: BenchRun): Promise<string> => {
  await mkdir(dir, { recursive: true });
  const file = resultFile(dir, run.bench, run.startedAt);
  const title = `# ${run.bench}, ${run.startedAt.toISOString().slice(0, 10)}\n\nEach run of the day, as the bench printed it (written by \`bench/support/results.ts\`).\n\n`;
  await appendFile(file, `${(await exists(file)) ? '' : title}${runSection(run)}`);
  return file;
};

/**
 * The settings a run was given: every `BENCH_` variable (and a bench's own, such as
 * `TESTS_BENCH_SCENARIOS`) and `LOG_LEVEL`; a `DATABASE_URL` only by its presence.
 */
export const settingsOf = (env: NodeJS.ProcessEnv): string[] => [
  ...Object.entries(env)
    .filter(([key, value]) => value !== undefined && (/^([A-Z]+_)?BENCH_/.test(key) || key === 'LOG_LEVEL') && key !== 'BENCH_RESULTS_DIR')
    .map(([key, value]) => `${key}=${value}`)
    .sort(),
  ...(env.DATABASE_URL ? ['DATABASE_URL set (PostgreSQL)'] : []),
];

const git = (...args: string[]): string => execFileSync('git', args, { cwd: CHECKOUT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

const codeOf = (): string => {
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `\`${git('rev-parse', '--short', 'HEAD')}\`${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'not a git checkout';
  }
};

const machineOf = (): string => {
  const cores = cpus();
  const load = loadavg().map((average) => average.toFixed(2)).join(' ');
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, load average ${load} at the start; Node ${process.version} ${process.execArgv.join(' ')}`.trim();
};

export interface Recording {
  /** Stops recording and appends what was printed to the day's result file; returns the file. */
  save(): Promise<string>;
}

/**
 * Starts recording a run: from now on what this process prints to stdout (console.log included)
 * is kept as well as printed, so the result file holds exactly the figures the reader saw.
 */
export const recordRun = (bench: string, env: NodeJS.ProcessEnv = process.env): Recording => {
  const startedAt = new Date();
  const settings = settingsOf(env);
  const machine = machineOf();
  const printed: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = function (this: NodeJS.WriteStream, chunk: string | Uint8Array, ...rest: unknown[]) {
    printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof process.stdout.write;
  const command = env.npm_lifecycle_event ? `npm run ${env.npm_lifecycle_event}` : `node ${relative(CHECKOUT, process.argv[1] ?? '')}`;
  return {
    save: async () => {
      process.stdout.write = write;
      const file = await saveRun(env.BENCH_RESULTS_DIR || RESULTS_DIR, { bench, startedAt, command, settings, code: codeOf(), machine, output: printed.join('') });
      process.stdout.write(`\nrecorded in ${relative(process.cwd(), file)}\n`);
      return file;
    },
  };
};
