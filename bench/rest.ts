/**
 * REST API benchmark (not a test): autocannon against a raw `node:http` server answering a
 * fixed JSON body and against Switchboard's REST API, in the same run and the same process
 * (the load comes from a process of its own, `bench/rest-load.mjs`), so the ratio to raw says what
 * Switchboard costs on this machine. Prints req/s, p50 and p99 (ms) and req/s as a share of raw
 * (and raw's own p99: the latency the machine gives the simplest server at the same connections),
 * and the CPU a request cost: Switchboard's process (with PGlite, the database's too), every
 * PostgreSQL process (Linux only), and the raw server's process. Requests per second move with
 * whatever else the machine does; the CPU a request costs moves far less.
 *
 *   npm run bench:rest                                 # embedded PGlite in a temporary directory
 *   DATABASE_URL=postgres://… npm run bench:rest       # also PostgreSQL, on a database of its own
 *   BENCH_SECONDS=5 BENCH_WARMUP_SECONDS=1 BENCH_CONNECTIONS=50 LOG_LEVEL=info npm run bench:rest
 *   BENCH_ONLY='agents' npm run bench:rest            # only the requests whose label matches
 *   BENCH_STORE=postgres npm run bench:rest            # one store only (pglite, postgres)
 *   BENCH_PROFILE=/tmp/profiles npm run bench:rest     # also a CPU profile of each Switchboard run
 *
 * Each store is measured in a process of its own (this script forks itself once per store).
 * What the run prints is recorded in bench/results/<date>-rest.md when it ends. What traces cost a
 * request is `npm run bench:rest:tracing` (`rest-tracing.ts`).
 * Each run (raw and Switchboard alike) follows a warm-up of BENCH_WARMUP_SECONDS against the same
 * request, not counted.
 *
 * Seeded first through the use cases: a project (its API key's rate limit raised out of the
 * way), BENCH_AGENTS agents, one conversation of BENCH_MESSAGES inbound texts and BENCH_CALLS
 * outbound calls on the simulated carrier. Switchboard logs as the standalone server does
 * (LOG_LEVEL, default info), into /dev/null. `POST /v1/contacts` sends a new phone number
 * each request.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../test/support/scratch-database.js';
import { cpuPerUnit } from './support/cpu-time.js';
import { profiled } from './support/cpu-profile.js';
import { recordRun } from './support/results.js';
import { routesOf, type Job, type Route } from './support/rest-routes.js';
import { aServedRestSwitchboard, closeServer, listen } from './support/rest-switchboard.js';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const AGENTS = Number(env.BENCH_AGENTS ?? 25);
const MESSAGES = Number(env.BENCH_MESSAGES ?? 60);
const CALLS = Number(env.BENCH_CALLS ?? 25);

interface Result {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly total: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly statusCodes: Record<string, { count: number }>;
}

/**
 * One store per process, each a process of its own run one after the other: a server runs on one
 * store, and a PGlite benchmarked first left the PostgreSQL run behind it a heap a WebAssembly
 * database had grown in (its lists measured slower than in a process of their own).
 */
const STORE = env.BENCH_STORE;
// A store's own process prints to the run that forked it, which records the whole run.
const recording = process.send === undefined ? recordRun('rest') : null;
if (STORE !== 'pglite' && STORE !== 'postgres') {
  for (const store of ['pglite', ...(env.DATABASE_URL ? ['postgres'] : [])]) {
    const child = fork(fileURLToPath(import.meta.url), { env: { ...env, BENCH_STORE: store }, stdio: ['inherit', 'pipe', 'inherit', 'ipc'] });
    child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (code !== 0) process.exit(code ?? 1);
  }
  await recording?.save();
  process.exit(0);
}
if (STORE === 'postgres' && !env.DATABASE_URL) {
  process.stderr.write('BENCH_STORE=postgres needs DATABASE_URL\n');
  process.exit(1);
}

const load = fork(fileURLToPath(new URL('./rest-load.mjs', import.meta.url)), { execArgv: [] });
const run = (job: Job): Promise<Result> =>
  new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    load.once('error', failed);
    load.once('message', (result) => {
      load.off('error', failed);
      resolve(result as Result);
    });
    load.send(job);
  });

// The baseline: what Node's HTTP server does with no work behind it.
const RAW_BODY = JSON.stringify({ status: 'ok' });
const raw = await listen((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(RAW_BODY) });
  response.end(RAW_BODY);
});

const fmt = (n: number, width = 8, digits = 1) => n.toFixed(digits).padStart(width);

const aServedSwitchboard = (databaseUrl: string | undefined) => aServedRestSwitchboard(env, databaseUrl, { agents: AGENTS, messages: MESSAGES, calls: CALLS });

type Served = Awaited<ReturnType<typeof aServedSwitchboard>>;

const benchmark = async (storage: string, databaseUrl: string | undefined) => {
  const plain = await aServedSwitchboard(databaseUrl);
  process.stdout.write(`\n${storage}: ${CONNECTIONS} connections, ${SECONDS} s a run\n`);
  process.stdout.write(
    `  ${'request'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'of raw'.padStart(8)}  ${'raw req/s'.padStart(9)} ${'raw p99'.padStart(7)}  ${'CPU µs a request: server'.padStart(24)} ${'database'.padStart(8)} ${'raw'.padStart(5)}\n`,
  );
  let phoneOffset = 0;
  const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY) : null;
  for (const route of routesOf(plain)) {
    if (only !== null && !only.test(route.label)) continue;
    // Raw right before each route, so that both see the same state of the machine. Each is
    // measured after a warm-up of its own (not counted): the route's code compiled and its pages
    // in memory, so the figure is the rate the server keeps up, not its first second.
    const rawJob: Job = { url: raw.url, method: 'GET', path: '/', headers: {}, connections: CONNECTIONS, seconds: SECONDS };
    if (WARMUP_SECONDS > 0) await run({ ...rawJob, seconds: WARMUP_SECONDS });
    const { result: baseline, processMicros: rawMicros } = await cpuPerUnit(() => run(rawJob), (r) => r.total);
    const measure = async (target: Served, asked: Route) => {
      if (WARMUP_SECONDS > 0) {
        const warmup = await run({ ...asked, url: target.url, connections: CONNECTIONS, seconds: WARMUP_SECONDS, phoneOffset });
        phoneOffset += warmup.total + CONNECTIONS;
      }
      const job: Job = { ...asked, url: target.url, connections: CONNECTIONS, seconds: SECONDS, phoneOffset };
      const measured = await profiled(`${STORE}-${route.label}`, () => cpuPerUnit(() => run(job), (r) => r.total));
      phoneOffset += measured.result.total + CONNECTIONS;
      const { result, processMicros, postgresMicros } = measured;
      const share = (100 * result.requestsPerSecond) / baseline.requestsPerSecond;
      const failures = result.non2xx + result.errors;
      process.stdout.write(
        `  ${route.label.padEnd(46)} ${fmt(result.requestsPerSecond, 8, 0)} ${fmt(result.p50)} ${fmt(result.p99)} ${fmt(share, 7, 2)}%  ${fmt(baseline.requestsPerSecond, 9, 0)} ${fmt(baseline.p99, 7)}  ${fmt(processMicros, 24, 0)} ${postgresMicros === null || storage.includes('PGlite') ? '       –' : fmt(postgresMicros, 8, 0)} ${fmt(rawMicros, 5, 0)}${failures ? `  (${failures} failed: ${JSON.stringify(result.statusCodes)})` : ''}\n`,
      );
    };
    await measure(plain, route);
  }
  await plain.close();
};

try {
  if (STORE === 'pglite') {
    await benchmark('embedded PGlite', undefined);
  } else {
    const scratches: ScratchDatabase[] = [];
    try {
      scratches.push(await createScratchDatabase(env.DATABASE_URL!, 'switchboard_bench_rest'));
      await benchmark('PostgreSQL (DATABASE_URL)', scratches[0]!.url);
    } finally {
      for (const scratch of scratches) await scratch.drop();
    }
  }
} finally {
  await closeServer(raw.server);
  load.disconnect();
}
await recording?.save();
