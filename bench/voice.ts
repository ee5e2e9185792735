/**
 * Voice loop benchmark (`npm run bench:voice`): N concurrent calls over the real path —
 * signed Twilio voice webhook, ConversationRelay WebSocket, the voice engine, a signed NDJSON
 * webhook POST — and the platform's own overhead per turn: from the caller's final words
 * reaching the engine to the first `text` token leaving for the carrier, minus the webhook's
 * own time to its first chunk (request sent → first chunk received).
 *
 * The callers and the customer's webhook run in a worker thread (`voice-load.mjs`, their own
 * event loop), the Switchboard in the main thread, as it would in its own process.
 *
 *   BENCH_CALLS=1,100,500   concurrent calls per round
 *   BENCH_TURNS=8           turns per call
 *   BENCH_THINK_MS=1000     mean pause between turns (uniform 0.5×..1.5×)
 *   BENCH_RAMP_MS           calls start at random over this long (default calls × 4 ms, at most 2 s;
 *                           2,000 calls of 8 turns are all up at once with a ramp up to ~5 s)
 *   DATABASE_URL=…          store in PostgreSQL instead of memory
 *   BENCH_PROFILE=<dir>     each round's main thread also sampled into <dir>/<round>.cpuprofile
 *
 * `BENCH_MODE=idle` (`npm run bench:voice:idle`) measures instead what silent calls cost: it
 * opens BENCH_IDLE_CALLS (default 2,000) calls that say nothing after the greeting, each with
 * its silence and duration limits pending, then prints the process's CPU% over a quiet period
 * of BENCH_QUIET_S seconds (default 60) beside the same process's CPU% over an equal quiet
 * period with no call at all, measured first in the same run.
 *
 * What traces cost a call is `npm run bench:voice:tracing` (`voice-tracing.ts`).
 *
 * What it prints is recorded in bench/results/<date>-voice.md (`voice-idle` for the idle mode)
 * when the run ends.
 */
import { Worker } from 'node:worker_threads';
import { InMemoryUnitOfWork } from '../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import type { TurnTiming } from '../src/application/ports/agent-brain.js';
import type { Switchboard } from '../src/bootstrap/create-switchboard.js';
import { fmt, percentile, runBench } from './support/figures.js';
import { mainThreadCpuOver } from './support/cpu-time.js';
import { profiled } from './support/cpu-profile.js';
import { ACCOUNT_SID, AUTH_TOKEN, NUMBER, aServedSwitchboard } from './support/voice-switchboard.js';

interface Round {
  readonly calls: number;
  readonly turns: number;
  readonly thinkMs: number;
  readonly serverUrl: string;
  readonly rampMs: number;
}

type FromWorker =
  | { readonly type: 'hook'; readonly url: string }
  | { readonly type: 'done'; readonly roundTripMs: number[]; readonly failures: number }
  | { readonly type: 'connected'; readonly failures: number }
  | { readonly type: 'closed' };

/** CPU time of the whole process (all threads) over `seconds` of wall time, as % of one core. */
const cpuPercentOver = async (seconds: number): Promise<number> => {
  const before = process.cpuUsage();
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const used = process.cpuUsage(before);
  return ((used.user + used.system) / 1000 / (performance.now() - started)) * 100;
};

// ─── main thread: the Switchboard ───────────────────────────────────────────────────────────
const main = async () => {
  const counts = (process.env.BENCH_CALLS ?? '1,100,500').split(',').map(Number);
  const turns = Number(process.env.BENCH_TURNS ?? 8);
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);

  const worker = new Worker(new URL('./voice-load.mjs', import.meta.url), { workerData: { authToken: AUTH_TOKEN, accountSid: ACCOUNT_SID, number: NUMBER } });
  const fromWorker = (type: FromWorker['type']) =>
    new Promise<FromWorker>((resolve) => {
      const listen = (message: FromWorker) => {
        if (message.type !== type) return;
        worker.off('message', listen);
        resolve(message);
      };
      worker.on('message', listen);
    });
  const hookUrl = ((await fromWorker('hook')) as { url: string }).url;

  const databaseUrl = process.env.DATABASE_URL;
  const database = databaseUrl ? await openDatabase({ databaseUrl, dataDir: '.' }) : null;
  const served = await aServedSwitchboard(database?.uow ?? new InMemoryUnitOfWork(), {}, hookUrl);
  if (process.env.BENCH_MODE === 'idle') await idle(served.sb, worker, fromWorker, served.serverUrl);
  else await loop(served, worker, fromWorker, counts, turns, thinkMs, Boolean(database));
  await worker.terminate();
  await served.close();
  await database?.close();
};

/** Silent calls: what their pending silence timers cost while nobody speaks. */
const idle = async (sb: Switchboard, worker: Worker, fromWorker: (type: FromWorker['type']) => Promise<FromWorker>, serverUrl: string) => {
  const calls = Number(process.env.BENCH_IDLE_CALLS ?? 2000);
  const quietSeconds = Number(process.env.BENCH_QUIET_S ?? 60);
  process.stdout.write(`Switchboard idle calls: ${calls} silent calls, quiet periods of ${quietSeconds} s, Node ${process.version}\n\n`);
  const baseline = await cpuPercentOver(quietSeconds);
  const connected = fromWorker('connected');
  worker.postMessage({ type: 'idle', calls, serverUrl });
  const { failures } = (await connected) as Extract<FromWorker, { type: 'connected' }>;
  // Let the greetings' writes and the connection burst settle before measuring.
  await new Promise((r) => setTimeout(r, 3000));
  const live = sb.voice().engine.liveCount;
  const quiet = await cpuPercentOver(quietSeconds);
  const stillLive = sb.voice().engine.liveCount;
  process.stdout.write('  live calls   CPU% of the process (quiet)   calls dropped meanwhile   connect failures\n');
  process.stdout.write(`  ${String(0).padStart(10)}   ${baseline.toFixed(2).padStart(27)}%   (baseline, before any call)\n`);
  process.stdout.write(`  ${String(live).padStart(10)}   ${quiet.toFixed(2).padStart(27)}%   ${String(live - stillLive).padStart(23)}   ${String(failures).padStart(16)}\n`);
  process.stdout.write(`\n  difference: ${(quiet - baseline).toFixed(2)} percentage points of one core for ${live} silent calls (ratio ${(quiet / Math.max(baseline, 0.01)).toFixed(2)}× the baseline)\n`);
  const closed = fromWorker('closed');
  worker.postMessage({ type: 'hangup' });
  await closed;
};

/** The turn-taking rounds: latency of the platform per turn, one round a call count. */
const loop = async (
  target: { readonly sb: Switchboard; readonly serverUrl: string },
  worker: Worker,
  fromWorker: (type: FromWorker['type']) => Promise<FromWorker>,
  counts: readonly number[],
  turns: number,
  thinkMs: number,
  postgres: boolean,
) => {
  const samples: number[] = [];
  const webhookMs: number[] = [];
  target.sb.voice().engine.onTurnTimed((_, t: TurnTiming) => {
    if (t.firstSpokenAt === null || t.firstChunkAt === null || t.requestedAt === null) return;
    const webhook = t.firstChunkAt - t.requestedAt;
    samples.push(t.firstSpokenAt - t.receivedAt - webhook);
    webhookMs.push(webhook);
  });

  process.stdout.write(
    `Switchboard voice loop: ${turns} turns per call, ~${thinkMs} ms between turns, ${postgres ? 'PostgreSQL' : 'in-memory'} storage, Node ${process.version}\n\n`,
  );
  process.stdout.write('  calls  turns   overhead p50   overhead p99   webhook TTFB p50 / p99   caller round trip p50 / p99   CPU ms a call   failures\n');
  for (const calls of counts) {
    samples.length = 0;
    webhookMs.length = 0;
    const done = fromWorker('done');
    const rampMs = Number(process.env.BENCH_RAMP_MS ?? Math.min(2000, calls * 4));
    const { result, mainThreadMs } = await profiled(`voice-${calls}-calls`, () =>
      mainThreadCpuOver(async () => {
        worker.postMessage({ calls, turns, thinkMs, serverUrl: target.serverUrl, rampMs } satisfies Round);
        return (await done) as Extract<FromWorker, { type: 'done' }>;
      }),
    );
    const sorted = [...samples].sort((a, b) => a - b);
    const hook = [...webhookMs].sort((a, b) => a - b);
    const trip = [...result.roundTripMs].sort((a, b) => a - b);
    const cpuPerCall = mainThreadMs === null ? NaN : mainThreadMs / calls;
    process.stdout.write(
      `  ${String(calls).padStart(5)}  ${String(sorted.length).padStart(5)}   ${fmt(percentile(sorted, 50))}     ${fmt(percentile(sorted, 99))}     ${fmt(percentile(hook, 50))} / ${fmt(percentile(hook, 99))}   ${fmt(percentile(trip, 50))} / ${fmt(percentile(trip, 99))}   ${cpuPerCall.toFixed(2).padStart(13)}   ${result.failures}\n`,
    );
    await new Promise((r) => setTimeout(r, 500));
  }
};

runBench(process.env.BENCH_MODE === 'idle' ? 'voice-idle' : 'voice', main);
