import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from './cli-entry.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = CLI_ENTRY;

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

const baseEnv = (env: Record<string, string>) => {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(DATABASE_URL|TWILIO_|SMTP_|LLM_|PORT|HOST|PUBLIC_URL|DATA_DIR)/.test(key)) clean[key] = value;
  }
  // A stopping node ends its live calls at once unless a test asks it to wait for them.
  return { ...clean, LOG_LEVEL: 'warn', DRAIN_TIMEOUT: '0', ...env };
};

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

/** Runs the real CLI (`switchboard serve`) on a free port and waits for its URL. */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const child = spawn(process.execPath, [...CLI, 'serve'], { cwd: ROOT, env: baseEnv({ PORT: '0', ...env }) });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 45_000);
    const check = () => {
      const match = /Switchboard is running at (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
};

/** Runs one CLI command to completion. */
export const runCli = async (args: string[], env: Record<string, string>) => {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: baseEnv(env) });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await exited(child);
  return { code, stdout, stderr };
};
