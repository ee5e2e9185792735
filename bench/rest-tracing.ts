/**
 * What traces cost a REST request (`npm run bench:rest:tracing`). Two Switchboards, each in a
 * process of its own on a store of its own, one with traces off and one with the OpenTelemetry SDK
 * exporting every span over OTLP/HTTP to a local receiver (a third process, as a collector would
 * be), take the same requests at the same time, each from an autocannon process of its own; so
 * whatever else the machine does meanwhile falls on both alike. Measured one after the other,
 * the same runs differed by more than the traces cost.
 *
 * For each request: each side's req/s, p99 and CPU a request of its whole process (with PGlite,
 * the database's too), the medians over BENCH_ROUNDS rounds, and the medians of the rounds' on/off
 * ratios. Embedded PGlite always; PostgreSQL too when DATABASE_URL is set (a database a side).
 * Probes (`GET /health`) carry no span, so their row shows what tracing costs a request that is
 * not traced.
 *
 *   BENCH_SECONDS=5 BENCH_WARMUP_SECONDS=1 BENCH_CONNECTIONS=50 BENCH_ROUNDS=3 npm run bench:rest:tracing
 *   BENCH_ONLY='agents'        only the requests whose label matches
 *
 * What it prints is recorded in bench/results/<date>-rest-tracing.md when the run ends.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../test/support/scratch-database.js';
import { percentile, runBench } from './support/figures.js';
import { startOtlpReceiver, tracingEnv } from './support/otlp-receiver.js';
import { routesOf, type Job, type Route } from './support/rest-routes.js';
import type { RestSeed } from './support/rest-seed.js';
import { aServedRestSwitchboard } from './support/rest-switchboard.js';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 3));
const COUNTS = { agents: Number(env.BENCH_AGENTS ?? 25), messages: Number(env.BENCH_MESSAGES ?? 60), calls: Number(env.BENCH_CALLS ?? 25) };

type ToSide = { readonly type: 'start'; readonly env: Record<string, string>; readonly databaseUrl: string | undefined } | { readonly type: 'begin' } | { readonly type: 'end' } | { readonly type: 'close' };

// ─── a side: one Switchboard in this process ────────────────────────────────────────────────
const serveSide = () => {
  let served: Awaited<ReturnType<typeof aServedRestSwitchboard>> | null = null;
  let cpu0 = process.cpuUsage();
  process.on('message', async (message: ToSide) => {
    if (message.type === 'start') {
      served = await aServedRestSwitchboard({ ...env, ...message.env }, message.databaseUrl, COUNTS);
      const seed: RestSeed = { headers: served.headers, agentId: served.agentId, conversationId: served.conversationId };
      process.send!({ type: 'ready', url: served.url, seed });
    } else if (message.type === 'begin') {
      cpu0 = process.cpuUsage();
      process.send!({ type: 'begun' });
    } else if (message.type === 'end') {
      const used = process.cpuUsage(cpu0);
      process.send!({ type: 'measured', micros: used.user + used.system });
    } else {
      await served?.close();
      process.exit(0);
    }
  });
};

// ─── the bench ──────────────────────────────────────────────────────────────────────────────
const next = async <M extends object>(from: ChildProcess, type: string | null): Promise<M> => {
  for (;;) {
    const [message] = (await once(from, 'message')) as [M];
    if (type === null || Reflect.get(message, 'type') === type) return message;
  }
};

interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p99: number;
  readonly total: number;
  readonly non2xx: number;
  readonly errors: number;
}

interface Side {
  readonly label: 'off' | 'on';
  readonly process: ChildProcess;
  readonly load: ChildProcess;
  readonly url: string;
  readonly routes: readonly Route[];
}

const aSide = async (label: Side['label'], sideEnv: Record<string, string>, databaseUrl: string | undefined): Promise<Side> => {
  const side = fork(fileURLToPath(import.meta.url), [], { env: { ...env, BENCH_ROLE: 'side' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  side.send({ type: 'start', env: sideEnv, databaseUrl } satisfies ToSide);
  const { url, seed } = await next<{ type: 'ready'; url: string; seed: RestSeed }>(side, 'ready');
  const load = fork(fileURLToPath(new URL('./rest-load.mjs', import.meta.url)), { execArgv: [] });
  return { label, process: side, load, url, routes: routesOf(seed) };
};

const closeSide = async (side: Side) => {
  const exited = once(side.process, 'exit');
  side.process.send({ type: 'close' } satisfies ToSide);
  await exited;
  side.load.disconnect();
};

/** Both sides under the same request at once; each side's result and CPU a request (µs). */
const together = async (sides: readonly Side[], index: number, seconds: number, phoneOffset: number) => {
  await Promise.all(sides.map(async (side) => (side.process.send({ type: 'begin' } satisfies ToSide), next(side.process, 'begun'))));
  const results = await Promise.all(
    sides.map(async (side) => {
      const job: Job = { ...side.routes[index]!, url: side.url, connections: CONNECTIONS, seconds, phoneOffset };
      side.load.send(job);
      return next<LoadResult>(side.load, null);
    }),
  );
  const cpu = await Promise.all(sides.map(async (side) => (side.process.send({ type: 'end' } satisfies ToSide), next<{ micros: number }>(side.process, 'measured'))));
  return results.map((result, i) => ({ result, cpuMicros: cpu[i]!.micros / Math.max(1, result.total) }));
};

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);

const benchmark = async (storage: string, databaseUrls: readonly (string | undefined)[], receiverUrlEnv: Record<string, string>) => {
  const sides = [await aSide('off', {}, databaseUrls[0]), await aSide('on', receiverUrlEnv, databaseUrls[1])];
  process.stdout.write(`\n${storage}: ${CONNECTIONS} connections a side, ${SECONDS} s a run, ${ROUNDS} rounds\n`);
  process.stdout.write(`  ${'request'.padEnd(46)} ${'traces'.padStart(6)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'CPU µs a request'.padStart(17)}   failures\n`);
  const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY) : null;
  let phoneOffset = 0;
  for (const [index, route] of sides[0]!.routes.entries()) {
    if (only !== null && !only.test(route.label)) continue;
    const advance = (rounds: readonly { result: LoadResult }[]) => (phoneOffset += Math.max(...rounds.map((r) => r.result.total)) + CONNECTIONS);
    if (WARMUP_SECONDS > 0) advance(await together(sides, index, WARMUP_SECONDS, phoneOffset));
    const rounds: Awaited<ReturnType<typeof together>>[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const measured = await together(sides, index, SECONDS, phoneOffset);
      advance(measured);
      rounds.push(measured);
    }
    for (const [s, side] of sides.entries()) {
      const mine = rounds.map((round) => round[s]!);
      const failures = mine.reduce((sum, r) => sum + r.result.non2xx + r.result.errors, 0);
      process.stdout.write(
        `  ${route.label.padEnd(46)} ${side.label.padStart(6)} ${median(mine.map((r) => r.result.requestsPerSecond)).toFixed(0).padStart(8)} ${median(mine.map((r) => r.result.p99)).toFixed(1).padStart(8)} ${median(mine.map((r) => r.cpuMicros)).toFixed(0).padStart(17)}   ${failures}\n`,
      );
    }
    const ratios = rounds.map(([off, on]) => ({ p99: on!.result.p99 / off!.result.p99, cpu: on!.cpuMicros / off!.cpuMicros }));
    const each = ratios.map((r) => `×${r.p99.toFixed(3)}/×${r.cpu.toFixed(3)}`).join(', ');
    process.stdout.write(
      `  ${''.padEnd(46)} traces on / off, median of ${ROUNDS} rounds: p99 ×${median(ratios.map((r) => r.p99)).toFixed(3)}, CPU a request ×${median(ratios.map((r) => r.cpu)).toFixed(3)}  (each round p99/CPU: ${each})\n`,
    );
  }
  for (const side of sides) await closeSide(side);
};

const main = async () => {
  const receiver = await startOtlpReceiver();
  const traced = tracingEnv(receiver);
  try {
    await benchmark('embedded PGlite', [undefined, undefined], traced);
    if (env.DATABASE_URL) {
      const scratches: ScratchDatabase[] = [];
      try {
        scratches.push(await createScratchDatabase(env.DATABASE_URL, 'switchboard_bench_rest_off'));
        scratches.push(await createScratchDatabase(env.DATABASE_URL, 'switchboard_bench_rest_on'));
        await benchmark('PostgreSQL (DATABASE_URL, a database a side)', scratches.map((s) => s.url), traced);
      } finally {
        for (const scratch of scratches) await scratch.drop();
      }
    }
    const taken = await receiver.exports();
    process.stdout.write(`\n  the local OTLP receiver took ${taken.requests} exports (${taken.bytes} bytes)\n`);
  } finally {
    await receiver.close();
  }
};

if (env.BENCH_ROLE === 'side') serveSide();
else runBench('rest-tracing', main);
