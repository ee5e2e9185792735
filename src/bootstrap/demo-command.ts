import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { parseMailbox } from '../adapters/rest/codecs/mailbox.js';
import { generateAdminToken } from './admin-token.js';
import { startServer, type RunningServer } from './server.js';
import { agentAnswered, simulateCall, simulateText, type SimulatedCallResult, type SimulatedTextResult } from './simulate-command.js';


/** What the demo's simulated caller says, in order; the example agent answers each. */
export const DEMO_CALLER_LINES = [
  'What are your opening hours?',
  'Can you put me through to extension 204?',
  "I'd like to talk to a person, please.",
] as const;
export const DEMO_TEXT = 'Hi! Do you have a table for two tonight?';
const DEMO_TEXTER = '+14155550123';
/** Where the example agent transfers callers (a fictional 555-01XX number). */
const TRANSFER_TO = '+14155550199';

export interface DemoOptions {
  /** Leave the server and the agent running (until Ctrl-C) once the scripted call and text are done. */
  readonly keepRunning?: boolean;
  /** Where the lines go (stdout by default). */
  readonly out?: (line: string) => void;
  /** The embedded database's directory; a fresh temporary one (removed at the end) by default. */
  readonly dataDir?: string;
  /** Receives, before anything starts, what stops all the demo started so far (for Ctrl-C). */
  readonly onStop?: (stop: () => Promise<void>) => void;
}

export interface DemoResult {
  readonly serverUrl: string;
  /** The embedded database's directory (removed by stop() when the demo made it). */
  readonly dataDir: string;
  readonly phoneNumber: string;
  readonly call: SimulatedCallResult;
  readonly text: SimulatedTextResult;
  /** Every line the example agent printed (the webhook traffic as it saw it). */
  readonly agentLog: readonly string[];
  /** Stops what is still running (the server, the agent) and removes the temporary data directory. */
  stop(): Promise<void>;
}

/** The repository's root (where `examples/` is), from here in `src/bootstrap` or `dist/src/bootstrap`. */
const packageRoot = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the package root (package.json) above the demo');
    dir = parent;
  }
  return dir;
};

export const exampleAgentPath = (): string => join(packageRoot(), 'examples', 'webhook-agent', 'server.mjs');

/** A port free right now, for the example agent (whose webhook URL must be known before it starts). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const rest = async <A>(server: string, apiKey: string, method: string, path: string, body: unknown, out: (line: string) => void) => {
  const response = await fetch(`${server}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as A & { id?: string; error?: { message: string } };
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${json.error?.message ?? JSON.stringify(json)}`);
  out(`  ${method} ${path} → ${response.status}${json.id ? ` ${json.id}` : ''}`);
  return json;
};

/** Starts the example agent as its own process (as a user runs it) and resolves once it listens. */
export const startExampleAgent = async (env: Record<string, string>, onLine: (line: string) => void, path = exampleAgentPath()): Promise<ChildProcess> => {
  const child = spawn(process.execPath, [path], {
    // Node itself is the program (process.execPath): the agent needs only its own settings.
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the example agent exited (code ${code}) before it listened`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      onLine(line);
      if (line.includes('listening on')) resolve();
    });
    createInterface({ input: child.stderr! }).on('line', (line) => onLine(`! ${line}`));
  });
  await listening;
  return child;
};

export const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * The demo: Switchboard on its embedded defaults (PGlite in a temporary directory, the
 * simulated carrier) and the example webhook agent; a project, an agent pointed at the example
 * agent, a number; then a simulated call with a few caller lines and a simulated text, their
 * transcript and the webhook traffic printed as they happen. The call and the text go through
 * the same admin console mutations as `switchboard simulate`.
 */
export const runDemo = async (options: DemoOptions = {}): Promise<DemoResult> => {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-demo-')));
  const temporary = options.dataDir === undefined;
  const adminToken = generateAdminToken();
  const agentLog: string[] = [];
  let server: RunningServer | null = null;
  let agent: ChildProcess | null = null;
  const stop = async () => {
    if (agent) await stopChild(agent);
    agent = null;
    await server?.stop();
    server = null;
    if (temporary) await rm(dataDir, { recursive: true, force: true });
  };
  options.onStop?.(stop);
  try {
    out('Starting Switchboard (embedded database, simulated carrier)…');
    // A clean environment: the demo runs on the defaults whatever the shell has set (no Twilio, no
    // DATABASE_URL). Its log shows errors only: the screen is for the transcript and the webhooks
    // (the start-up notes, such as hosted mode having no model, concern agents the demo has not).
    server = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ADMIN_TOKEN: adminToken });
    const url = server.url;
    out(`  listening on ${url}`);

    const email = parseMailbox('demo@example.com');
    if (E.isLeft(email)) throw new Error(email.left);
    const created = await server.switchboard.useCases().projects.createProject.execute({ email: email.right, name: 'Demo' })();
    if (E.isLeft(created)) throw new Error(`could not create the demo project: ${created.left.message}`);
    const apiKey = created.right.apiKey.clear;
    out(`  project ${created.right.project.id} (API key ${apiKey.slice(0, 12)}…)`);

    const agentRecord = await rest<{ id: string }>(url, apiKey, 'POST', '/v1/agents', {
      name: 'Front desk (examples/webhook-agent)',
      voiceMode: 'webhook',
      greeting: 'Hi, this is the example agent. How can I help?',
      transferNumber: TRANSFER_TO,
    }, out);
    const agentPort = await freePort();
    const webhook = await rest<{ secret: string }>(url, apiKey, 'POST', `/v1/agents/${agentRecord.id}/webhook`, {
      url: `http://127.0.0.1:${agentPort}/webhook`,
      timeout: 10,
    }, out);
    const number = await rest<{ phoneNumber: string }>(url, apiKey, 'POST', '/v1/numbers', { agentId: agentRecord.id }, out);
    out(`  number ${number.phoneNumber} answers with agent ${agentRecord.id}`);

    out('Starting the example webhook agent (examples/webhook-agent/server.mjs)…');
    agent = await startExampleAgent(
      { PORT: String(agentPort), HOST: '127.0.0.1', WEBHOOK_SECRET: webhook.secret, SWITCHBOARD_URL: url, SWITCHBOARD_API_KEY: apiKey },
      (line) => {
        agentLog.push(line);
        out(`    [webhook] ${line}`);
      },
    );

    const endpoint = { url, token: adminToken };
    out('');
    out('A simulated caller dials the number:');
    const call = await simulateCall(endpoint, { to: number.phoneNumber, from: DEMO_TEXTER, lines: DEMO_CALLER_LINES }, out);
    out('');
    out('A simulated text reaches the number:');
    const text = await simulateText(endpoint, { to: number.phoneNumber, from: DEMO_TEXTER, body: DEMO_TEXT }, out);
    // agent.call_ended goes through the delivery queue, and the agent logs its reply once the
    // POST has been answered (after the reply is stored): give both a moment to show.
    const logged = (what: string) => agentLog.some((line) => line.includes(what));
    const deadline = Date.now() + 5000;
    while (!(logged('agent.call_ended') && (text.reply === null || logged('POST /v1/messages'))) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    out('');
    if (options.keepRunning) {
      out(`Still running: Switchboard at ${url}, the example agent at http://127.0.0.1:${agentPort}. Try:`);
      out(`  switchboard simulate call --url ${url} --admin-token ${adminToken} --to ${number.phoneNumber} --say "What are your hours?"`);
      out(`  switchboard simulate text --url ${url} --admin-token ${adminToken} --to ${number.phoneNumber} --from ${DEMO_TEXTER} --body "Hello"`);
      out(`  playground: ${url}/playground (API key ${apiKey})`);
      out('Press Ctrl-C to stop.');
    } else {
      out('Done. Copy examples/webhook-agent/server.mjs to start your own agent (docs/demo.md).');
    }
    return { serverUrl: url, dataDir, phoneNumber: number.phoneNumber, call, text, agentLog, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
};

/** `switchboard demo [--keep-running]`: resolves to the exit code. */
export const runDemoCommand = async (argv: readonly string[]): Promise<number> => {
  const { values } = parseArgs({ args: [...argv], options: { 'keep-running': { type: 'boolean' } } });
  const keepRunning = values['keep-running'] === true;
  // The temporary directory is made here, so that a Ctrl-C at any point still removes it (the
  // terminal sends SIGINT to the example agent too).
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-demo-'));
  let stopping: Promise<void> | null = null;
  let stopDemo: (() => Promise<void>) | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await stopDemo?.().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    })());
  // `on`, not `once`: a handler gone by the time the signal is handled lets a library's own
  // (signal-exit's) conclude that nobody listens and kill the process before the clean-up.
  const interrupted = new Promise<number>((resolve) => {
    const onSignal = () => void stop().then(() => resolve(130), () => resolve(130));
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  const finished = (async () => {
    let result: DemoResult;
    try {
      result = await runDemo({ keepRunning, dataDir, onStop: (stopIt) => (stopDemo = stopIt) });
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
    if (keepRunning) return interrupted.then(() => 0);
    const answered = agentAnswered(result.call) && result.text.reply !== null;
    await stop();
    return answered ? 0 : 1;
  })();
  // Interrupted while starting: what fails because its directory went away is no news.
  const unlessInterrupted = finished.catch((error: unknown) => (stopping ? interrupted : Promise.reject(error)));
  return Promise.race([unlessInterrupted, interrupted]);
};
