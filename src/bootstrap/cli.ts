#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ADMIN_OPTIONS, isAdminCommand, runAdminCommand } from './admin-commands.js';
import { helpText } from './cli-help.js';
import { USAGE } from './cli-usage.js';
import { createProjectCommand } from './create-project-command.js';
import type { createSwitchboard } from './create-switchboard.js';
import type { RunningServer } from './server.js';

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

/**
 * The signal handlers go in before anything starts: without one, a SIGTERM that lands while
 * the server is starting (or just after it said so) kills the process on the spot, and work
 * it had done but not yet recorded (a delivery's outcome, say) is lost.
 */
const serve = async () => {
  let running: RunningServer | null = null;
  let stopRequested = false;
  const shutdown = () => {
    if (stopRequested) return;
    stopRequested = true;
    if (!running) return; // the start below sees the request and stops right away
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => fail(`switchboard: stopping failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  const { startServer } = await import('./server.js');
  running = await startServer();
  if (stopRequested) {
    stopRequested = false;
    return shutdown();
  }
  process.stdout.write(running.banner);
};

/** Runs one use case against the configured storage, then closes it. */
const withCore = async (work: (sb: ReturnType<typeof createSwitchboard>) => Promise<void>) => {
  const [{ createSwitchboard }, { createPinoLogger }] = await Promise.all([import('./create-switchboard.js'), import('../adapters/pino/pino-logger.js')]);
  const switchboard = createSwitchboard({ logger: createPinoLogger({ level: 'warn' }) });
  try {
    await switchboard.start();
    await work(switchboard);
  } finally {
    await switchboard.close();
  }
};

/**
 * Commands with options of their own (demo-command.ts, simulate-command.ts): they parse their own
 * arguments. Each is loaded when it runs, so that a command that only talks to a server over HTTP
 * does not load the whole server first.
 */
const OWN_ARGUMENTS: Record<string, (argv: readonly string[]) => Promise<number>> = {
  demo: async (argv) => (await import('./demo-command.js')).runDemoCommand(argv),
  simulate: async (argv) => (await import('./simulate-command.js')).runSimulateCommand(argv),
  test: async (argv) => (await import('./test-command.js')).runTestCommand(argv),
};

const main = async () => {
  // Its own options (--api-key, --url): parsed by the command, before the others' strict parse.
  if (process.argv[2] === 'mcp') return (await import('./mcp-command.js')).runMcpCommand(process.argv.slice(3));
  const [first, ...rest] = process.argv.slice(2);
  const own = first === undefined ? undefined : OWN_ARGUMENTS[first];
  if (own && !rest.includes('--help') && !rest.includes('-h')) return process.exit(await own(rest)); // what it started is stopped; idle HTTP keep-alives need not hold the exit
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' }, ...ADMIN_OPTIONS },
  });
  const command = positionals[0] ?? 'serve';
  if (values.help || command === 'help') {
    const help = helpText(USAGE, command === 'help' ? positionals[1] : positionals[0]);
    return help.known ? void process.stdout.write(help.text) : fail(help.text.trimEnd());
  }
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate':
      return withCore(async () => void process.stdout.write('migrations applied\n'));
    case 'create-project': {
      const run = createProjectCommand(values);
      return withCore(async (sb) => void process.stdout.write(`${await run(() => sb.useCases())}\n`));
    }
    default:
      if (isAdminCommand(command)) {
        return withCore(async (sb) => void process.stdout.write(`${await runAdminCommand(command, values, () => sb.useCases())}\n`));
      }
      return fail(`unknown command "${command}"\n\n${USAGE}`);
  }
};

main().catch(async (error: unknown) => {
  const { ConfigError } = await import('./config.js');
  fail(error instanceof ConfigError ? error.message : `switchboard: ${error instanceof Error ? error.message : String(error)}`);
});
