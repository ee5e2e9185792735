import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface DispatcherProcess {
  readonly child: ChildProcess;
  output(): string;
  /** Log lines (pino JSON) with this `msg`. */
  lines(message: string): Record<string, unknown>[];
  stop(): Promise<void>;
  kill(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

/** Runs `test/support/dispatcher-main.ts` in a child process and waits until it is running. */
export const startDispatcherProcess = async (env: Record<string, string>): Promise<DispatcherProcess> => {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|DATA_DIR|WEBHOOK_|LOG_LEVEL)/.test(key)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/dispatcher-main.ts'], {
    cwd: ROOT,
    env: { ...clean, ...env },
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dispatcher did not start:\n${out}`)), 45_000);
    const check = () => {
      if (out.includes('dispatcher ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dispatcher exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    output: () => out,
    lines: (message) =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === message),
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
};
