/**
 * Two builds of Switchboard side by side, in one process (not a test): what a change did to the
 * CPU a REST request costs, on a machine whose speed moves too much for two separate runs of
 * `bench:rest` to tell a few per cent apart.
 *
 *   git worktree add ../before <commit> && (cd ../before && npm ci && npm run build)
 *   BENCH_BEFORE=../before npm run bench:rest:side-by-side
 *   BENCH_STORE=pglite BENCH_BEFORE=../before npm run bench:rest:side-by-side
 *
 * Each build (its `dist/`, as built) runs a Switchboard of its own: on PostgreSQL both on one
 * scratch database of DATABASE_URL (seeded once), on PGlite each on its own (each seeded alike).
 * Each request path is driven through the builds' fetch handlers, BENCH_REQUESTS requests at a
 * time with 50 in flight, one build after the other, the order swapped each round, for
 * BENCH_ROUNDS rounds after a warm-up; each batch's CPU a request is counted for this process
 * and (on PostgreSQL) every PostgreSQL process. Prints each build's median and range, and the
 * median of the after/before ratio of the rounds: both builds of a round ran within a second or
 * two of each other, so the machine's drift cancels in the ratio. The client's own work (making
 * the Fetch requests, reading the answers) is counted too, alike for both.
 *
 *   BENCH_AFTER=.            the other build (default: this checkout)
 *   BENCH_PATHS=…            comma-separated; {conversation} and {agent} are filled in; an entry
 *                            may name its method and a JSON body (no commas in it), e.g. a write
 *                            in one transaction: `PATCH /v1/agents/{agent} {"description":"x"}`
 *   BENCH_ROUNDS=10  BENCH_REQUESTS=1000
 *
 * What it prints is recorded in bench/results/<date>-rest-side-by-side.md when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../test/support/scratch-database.js';
import { cpuPerUnit } from './support/cpu-time.js';
import { seedRestProject } from './support/rest-seed.js';
import { median } from './support/figures.js';
import { recordRun } from './support/results.js';

const env = process.env;
const STORE = env.BENCH_STORE === 'pglite' ? 'pglite' : 'postgres';
const ROUNDS = Number(env.BENCH_ROUNDS ?? 10);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 1000);
const IN_FLIGHT = 50;
const PATHS = (env.BENCH_PATHS ?? '/v1/agents?limit=20,/v1/calls?limit=20,/v1/conversations/{conversation}/messages?limit=50').split(',');
if (!env.BENCH_BEFORE) {
  process.stderr.write('BENCH_BEFORE names the checkout to compare with (its dist/ built)\n');
  process.exit(2);
}
if (STORE === 'postgres' && !env.DATABASE_URL) {
  process.stderr.write('DATABASE_URL is needed (or BENCH_STORE=pglite)\n');
  process.exit(2);
}
const builds = [resolve(env.BENCH_BEFORE), resolve(env.BENCH_AFTER ?? '.')];
const recording = recordRun('rest-side-by-side');

interface Handle {
  start(): Promise<void>;
  close(): Promise<void>;
  settled(): Promise<void>;
  fetch(request: Request): Promise<Response>;
  useCases(): object;
}

const load = async (build: string, databaseUrl: string | undefined, dataDir: string): Promise<Handle> => {
  const dist = (file: string) => import(pathToFileURL(join(build, 'dist', 'src', file)).href);
  const { createSwitchboard } = await dist('bootstrap/create-switchboard.js');
  const { createPinoLogger } = await dist('adapters/pino/pino-logger.js');
  const switchboard: Handle = createSwitchboard({
    env: { ...env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'development', ADMIN_TOKEN: 'bench-admin-token-not-used-0123456789', SIGNUP_CREDIT: '100.00' },
    config: { rateLimit: { points: 1_000_000_000, durationSeconds: 1 } },
    logger: createPinoLogger({ level: 'info', file: '/dev/null', pretty: false }),
  });
  await switchboard.start();
  return switchboard;
};

/** What bench:rest seeds, through the build's own use cases and domain. */
const seed = async (build: string, switchboard: Handle) => {
  const { trustMailbox } = await import(pathToFileURL(join(build, 'dist/src/domain/mailbox.js')).href);
  const { trustE164 } = await import(pathToFileURL(join(build, 'dist/src/domain/e164.js')).href);
  const { headers, agentId, conversationId } = await seedRestProject(switchboard, { trustMailbox, trustE164 }, { agents: 25, messages: 60, calls: 25 }, 'side');
  return { headers, fill: (path: string) => path.replace('{conversation}', conversationId).replace('{agent}', agentId) };
};

/** A BENCH_PATHS entry: `path`, or `METHOD path` with an optional JSON body after it. */
interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: string | null;
}

const callOf = (entry: string): Call => {
  const [first = '', second, ...rest] = entry.trim().split(' ');
  if (second === undefined) return { method: 'GET', path: first, body: null };
  return { method: first.toUpperCase(), path: second, body: rest.length > 0 ? rest.join(' ') : null };
};

const drive = async (switchboard: Handle, url: string, headers: Record<string, string>, call: Call): Promise<void> => {
  let sent = 0;
  let failed = 0;
  const init: RequestInit = call.body === null ? { method: call.method, headers } : { method: call.method, headers: { ...headers, 'content-type': 'application/json' }, body: call.body };
  const worker = async () => {
    while (sent < REQUESTS) {
      sent++;
      const response = await switchboard.fetch(new Request(url, init));
      if (response.status !== 200) failed++;
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (failed > 0) throw new Error(`${failed} of ${REQUESTS} requests to ${url} failed`);
};

const range = (values: readonly number[]): string => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

const dataDirs: string[] = [];
let scratch: ScratchDatabase | null = null;
const handles: Handle[] = [];
try {
  if (STORE === 'postgres') scratch = await createScratchDatabase(env.DATABASE_URL!, 'switchboard_bench_side');
  for (const build of builds) {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-side-by-side-'));
    dataDirs.push(dataDir);
    handles.push(await load(build, scratch?.url, dataDir));
  }
  // One database on PostgreSQL: seeded once, through the first build. Each PGlite: its own seed.
  const seeds = STORE === 'postgres' ? Array(2).fill(await seed(builds[0]!, handles[0]!)) : [await seed(builds[0]!, handles[0]!), await seed(builds[1]!, handles[1]!)];
  process.stdout.write(`${STORE === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}: ${ROUNDS} rounds of ${REQUESTS} requests per build, ${IN_FLIGHT} in flight\n`);
  process.stdout.write(`  before: ${builds[0]}\n  after:  ${builds[1]}\n`);
  for (const call of PATHS.map(callOf)) {
    const urls = seeds.map((s) => `http://bench${s.fill(call.path)}`);
    for (const [i, handle] of handles.entries()) await drive(handle, urls[i]!, seeds[i]!.headers, call);
    const server: number[][] = [[], []];
    const database: number[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const { processMicros, postgresMicros } = await cpuPerUnit(() => drive(handles[i]!, urls[i]!, seeds[i]!.headers, call), () => REQUESTS);
        server[i]!.push(processMicros);
        if (STORE === 'postgres' && postgresMicros !== null) database[i]!.push(postgresMicros);
      }
    }
    const ratio = (of: number[][]) => median(of[1]!.map((after, round) => after / of[0]![round]!)).toFixed(3);
    process.stdout.write(`\n  ${call.method} ${call.path}${call.body === null ? '' : ` ${call.body}`}\n`);
    for (const [i, name] of ['before', 'after'].entries()) {
      const db = database[i]!.length > 0 ? `, PostgreSQL ${Math.round(median(database[i]!))} (${range(database[i]!)})` : '';
      process.stdout.write(`    ${name.padEnd(7)} CPU µs a request: this process ${Math.round(median(server[i]!))} (${range(server[i]!)})${db}\n`);
    }
    process.stdout.write(`    after/before, median of the rounds: this process ${ratio(server)}${database[0]!.length > 0 ? `, PostgreSQL ${ratio(database)}` : ''}\n`);
  }
} finally {
  for (const handle of handles) await handle.close();
  await scratch?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
}
await recording.save();
