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
 * `BENCH_TRACING=compare` (`npm run bench:voice:tracing`) runs each round on two Switchboards in
 * this process (in-memory storage): traces off, and traces on (the OpenTelemetry SDK exporting
 * every span over OTLP/HTTP to a local receiver in a process of its own), in BENCH_PAIRS (default 3) pairs of alternating
 * order after an unmeasured warm-up round on each (BENCH_WARM_UP_CALLS, default 50); it prints each round's overhead and CPU of the main thread a call, and the medians of
 * the pairs' on/off ratios of the p99 overhead and of that CPU.
 *
 * What it prints is recorded in bench/results/<date>-voice.md (`voice-idle` for the idle mode)
 * when the run ends.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryUnitOfWork } from '../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import { createPinoLogger } from '../src/adapters/pino/pino-logger.js';
import type { UnitOfWork } from '../src/application/ports/unit-of-work.js';
import type { TurnTiming } from '../src/application/ports/agent-brain.js';
import { createSwitchboard, type Switchboard } from '../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../src/domain/e164.js';
import { trustMailbox } from '../src/domain/mailbox.js';
import { fmt, percentile, runBench, storeBenchNumber } from './support/figures.js';
import { mainThreadCpuOver } from './support/cpu-time.js';
import { profiled } from './support/cpu-profile.js';
import { startOtlpReceiver, tracingEnv } from './support/otlp-receiver.js';

const ACCOUNT_SID = `AC${'0'.repeat(32)}`;
const AUTH_TOKEN = 'bench-auth-token';
const NUMBER = trustE164('+12125550100');

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
  const comparing = process.env.BENCH_TRACING === 'compare';
  const receiver = comparing ? await startOtlpReceiver() : null;
  const database = databaseUrl && !comparing ? await openDatabase({ databaseUrl, dataDir: '.' }) : null;
  const off = await aServedSwitchboard(database?.uow ?? new InMemoryUnitOfWork(), {}, hookUrl);
  const on = receiver ? await aServedSwitchboard(new InMemoryUnitOfWork(), tracingEnv(receiver), hookUrl) : null;
  const { sb, serverUrl } = off;
  if (process.env.BENCH_MODE === 'idle') {
    await idle(sb, worker, fromWorker, serverUrl);
  } else {
    const targets = on ? [{ label: 'traces off', ...off }, { label: 'traces on', ...on }] : [{ label: '', ...off }];
    await loop(targets, worker, fromWorker, counts, turns, thinkMs, Boolean(database));
  }
  if (receiver) await on?.sb.close();
  if (receiver) {
    const taken = await receiver.exports();
    process.stdout.write(`\n  the local OTLP receiver (a process of its own) took ${taken.requests} exports (${taken.bytes} bytes)\n`);
  }
  await worker.terminate();
  await off.close();
  await on?.close();
  await database?.close();
  await receiver?.close();
};

/** A Switchboard on the Twilio path (its REST calls go nowhere) with its own HTTP server, seeded with the bench's agent. */
const aServedSwitchboard = async (uow: UnitOfWork, env: Record<string, string>, hookUrl: string) => {
  let sb: Switchboard | null = null;
  const server: Server = createServer((req, res) => sb!.requestListener(req, res));
  server.on('upgrade', (req, socket, head) => void sb!.handleUpgrade(req, socket, head).then((ok) => ok || socket.destroy()));
  // A backlog for a burst of calls ringing at once (Node's default is 511 pending connections).
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sb = createSwitchboard({
    env,
    unitOfWork: uow,
    logger: createPinoLogger({ level: 'error', pretty: false }),
    config: { publicUrl: serverUrl, twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: 'http://127.0.0.1:9' }, logLevel: 'error' },
  });
  await sb.start();
  await seed(sb, uow, hookUrl);
  const started = sb;
  return {
    sb: started,
    serverUrl,
    close: async () => {
      await started.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
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

/** The turn-taking rounds: latency of the platform per turn, on each target in turn (traces off, then on). */
const loop = async (
  targets: readonly { readonly label: string; readonly sb: Switchboard; readonly serverUrl: string }[],
  worker: Worker,
  fromWorker: (type: FromWorker['type']) => Promise<FromWorker>,
  counts: readonly number[],
  turns: number,
  thinkMs: number,
  postgres: boolean,
) => {
  const samples: number[] = [];
  const webhookMs: number[] = [];
  for (const { sb } of targets) {
    sb.voice().engine.onTurnTimed((_, t: TurnTiming) => {
      if (t.firstSpokenAt === null || t.firstChunkAt === null || t.requestedAt === null) return;
      const webhook = t.firstChunkAt - t.requestedAt;
      samples.push(t.firstSpokenAt - t.receivedAt - webhook);
      webhookMs.push(webhook);
    });
  }

  process.stdout.write(
    `Switchboard voice loop: ${turns} turns per call, ~${thinkMs} ms between turns, ${postgres ? 'PostgreSQL' : 'in-memory'} storage, Node ${process.version}\n\n`,
  );
  process.stdout.write(`  calls ${targets.length > 1 ? '  traces' : ''}  turns   overhead p50   overhead p99   webhook TTFB p50 / p99   caller round trip p50 / p99   CPU ms a call   failures\n`);
  // Two targets start with an unmeasured round each, so neither side's figures carry the JIT's
  // first compilations.
  const warmUpCalls = targets.length > 1 ? Number(process.env.BENCH_WARM_UP_CALLS ?? 50) : 0;
  for (const target of warmUpCalls > 0 ? targets : []) {
    const done = fromWorker('done');
    worker.postMessage({ calls: warmUpCalls, turns, thinkMs, serverUrl: target.serverUrl, rampMs: Math.min(2000, warmUpCalls * 4) } satisfies Round);
    await done;
  }
  // With two targets, each count runs BENCH_PAIRS pairs of rounds in alternating order (off/on,
  // on/off, …) so that warming and the machine's drift fall on both sides; the ratios printed
  // are the medians of the pairs' ratios.
  const pairs = targets.length > 1 ? Math.max(1, Number(process.env.BENCH_PAIRS ?? 3)) : 1;
  for (const calls of counts) {
    const ratios: { p99: number; cpu: number }[] = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const order = pair % 2 === 0 ? targets : [...targets].reverse();
      const measured = new Map<string, { p99: number; cpuPerCall: number }>();
      for (const target of order) {
        samples.length = 0;
        webhookMs.length = 0;
        const done = fromWorker('done');
        const rampMs = Number(process.env.BENCH_RAMP_MS ?? Math.min(2000, calls * 4));
        const label = `${target.label || 'voice'}-${calls}-calls-${pair}`;
        const { result, mainThreadMs } = await profiled(label, () =>
          mainThreadCpuOver(async () => {
            worker.postMessage({ calls, turns, thinkMs, serverUrl: target.serverUrl, rampMs } satisfies Round);
            return (await done) as Extract<FromWorker, { type: 'done' }>;
          }),
        );
        const sorted = [...samples].sort((a, b) => a - b);
        const hook = [...webhookMs].sort((a, b) => a - b);
        const trip = [...result.roundTripMs].sort((a, b) => a - b);
        const cpuPerCall = mainThreadMs === null ? NaN : mainThreadMs / calls;
        measured.set(target.label, { p99: percentile(sorted, 99), cpuPerCall });
        process.stdout.write(
          `  ${String(calls).padStart(5)} ${target.label ? target.label.slice(7).padStart(8) : ''}  ${String(sorted.length).padStart(5)}   ${fmt(percentile(sorted, 50))}     ${fmt(percentile(sorted, 99))}     ${fmt(percentile(hook, 50))} / ${fmt(percentile(hook, 99))}   ${fmt(percentile(trip, 50))} / ${fmt(percentile(trip, 99))}   ${cpuPerCall.toFixed(2).padStart(13)}   ${result.failures}\n`,
        );
        await new Promise((r) => setTimeout(r, 500));
      }
      const [offTarget, onTarget] = targets;
      const offRound = offTarget && measured.get(offTarget.label);
      const onRound = onTarget && measured.get(onTarget.label);
      if (offRound && onRound) ratios.push({ p99: onRound.p99 / offRound.p99, cpu: onRound.cpuPerCall / offRound.cpuPerCall });
    }
    if (ratios.length > 0) {
      const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
      const each = ratios.map((r) => `×${r.p99.toFixed(3)}/×${r.cpu.toFixed(3)}`).join(', ');
      process.stdout.write(
        `        traces on / off, median of ${ratios.length} pairs: overhead p99 ×${median(ratios.map((r) => r.p99)).toFixed(3)}, CPU a call ×${median(ratios.map((r) => r.cpu)).toFixed(3)}  (each pair p99/CPU: ${each})\n`,
      );
    }
  }
};

/** One project, one webhook-mode agent on one number, its webhook pointing at the worker. */
const seed = async (sb: Switchboard, uow: UnitOfWork, hookUrl: string) => {
  const created = await sb.useCases().projects.createProject.execute({ email: trustMailbox(`bench-${Date.now()}@example.com`) })();
  if (E.isLeft(created)) throw new Error('project');
  const key = created.right.apiKey.clear;
  const api = async (path: string, body: unknown) => {
    const response = await sb.fetch(
      new Request(`http://bench${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );
    if (response.status !== 200) throw new Error(`${path}: ${await response.text()}`);
    return response.json() as Promise<{ id: string }>;
  };
  const agent = await api('/v1/agents', { name: 'Bench', greeting: 'Hello.' });
  // Silence limits long enough that no re-prompt or hang-up falls in a quiet period: only their pending timers remain.
  await sb.fetch(
    new Request(`http://bench/v1/agents/${agent.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ maxSilenceMs: 3_600_000, idleRepromptMs: 1_800_000 }),
    }),
  );
  // Every call of a round at once: far above the default cap of 10 calls in progress.
  const capped = await sb.useCases().admin.setCallLimit.execute({ projectId: created.right.project.id, limit: 10_000 })();
  if (E.isLeft(capped)) throw new Error('call limit');
  await api(`/v1/agents/${agent.id}/webhook`, { url: hookUrl, contextLimit: 10, timeout: 30 });
  // The number is stored directly: provisioning would need the Twilio REST API.
  await storeBenchNumber(uow, created.right.project.id, agent.id, NUMBER);
};

runBench(process.env.BENCH_MODE === 'idle' ? 'voice-idle' : 'voice', main);
