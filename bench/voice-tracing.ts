/**
 * What traces cost a call (`npm run bench:voice:tracing`). Two Switchboards, each in a process of
 * its own on in-memory storage, take the same calls at the same time: one with traces off, one
 * with the OpenTelemetry SDK exporting every span over OTLP/HTTP to a local receiver (a third
 * process, as a collector would be). Each round's callers (one worker thread a side, as in
 * `bench:voice`) dial both at once, so whatever else the machine does meanwhile falls on both
 * sides alike; measured one after the other, the same rounds differed by more than the traces cost.
 *
 * Each round prints both sides' overhead p50/p99 (the caller's words reaching the engine to the
 * first text frame, minus the webhook's own time), the webhook's time to its first chunk, the
 * callers' round trip and the CPU a call of each Switchboard's whole process (every thread: the
 * garbage collector's work is part of what traces cost); then, per call count, the medians of
 * the rounds' on/off ratios.
 *
 *   BENCH_CALLS=100,500   concurrent calls a side a round
 *   BENCH_ROUNDS=5        rounds a call count, after one unmeasured warm-up round of BENCH_WARM_UP_CALLS (50)
 *   BENCH_TURNS=8         turns a call
 *   BENCH_THINK_MS=1000   mean pause between turns (uniform 0.5×..1.5×)
 *   BENCH_PROFILE=<dir>   each side's main thread sampled a round into <dir>/voice-tracing-<side>-<calls>-calls-<round>.cpuprofile
 *
 * What it prints is recorded in bench/results/<date>-voice-tracing.md when the run ends.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InMemoryUnitOfWork } from '../src/adapters/memory/in-memory-unit-of-work.js';
import type { TurnTiming } from '../src/application/ports/agent-brain.js';
import { startProfile } from './support/cpu-profile.js';
import { fmt, percentile, runBench } from './support/figures.js';
import { startOtlpReceiver, tracingEnv } from './support/otlp-receiver.js';
import { ACCOUNT_SID, AUTH_TOKEN, NUMBER, aServedSwitchboard } from './support/voice-switchboard.js';

/** What a side's process reports of a round. */
interface SideRound {
  readonly type: 'measured';
  readonly cpuMs: number;
  readonly overhead: readonly number[];
  readonly webhook: readonly number[];
}

type ToSide = { readonly type: 'start'; readonly label: string; readonly env: Record<string, string>; readonly hookUrl: string } | { readonly type: 'begin'; readonly calls: number } | { readonly type: 'end' } | { readonly type: 'close' };

// ─── a side: one Switchboard in this process, driven by the bench's messages ───────────────────
const serveSide = () => {
  let served: Awaited<ReturnType<typeof aServedSwitchboard>> | null = null;
  let overhead: number[] = [];
  let webhook: number[] = [];
  let cpu0 = process.cpuUsage();
  let label = '';
  let rounds = 0;
  let stopProfile = async () => {};
  const send = (message: unknown) => process.send!(message);
  process.on('message', async (message: ToSide) => {
    if (message.type === 'start') {
      label = message.label;
      served = await aServedSwitchboard(new InMemoryUnitOfWork(), message.env, message.hookUrl);
      served.sb.voice().engine.onTurnTimed((_, t: TurnTiming) => {
        if (t.firstSpokenAt === null || t.firstChunkAt === null || t.requestedAt === null) return;
        const hook = t.firstChunkAt - t.requestedAt;
        overhead.push(t.firstSpokenAt - t.receivedAt - hook);
        webhook.push(hook);
      });
      send({ type: 'ready', serverUrl: served.serverUrl });
    } else if (message.type === 'begin') {
      stopProfile = await startProfile(`voice-tracing-${label}-${message.calls}-calls-${(rounds += 1)}`);
      [overhead, webhook, cpu0] = [[], [], process.cpuUsage()];
      send({ type: 'begun' });
    } else if (message.type === 'end') {
      const used = process.cpuUsage(cpu0);
      await stopProfile();
      send({ type: 'measured', cpuMs: (used.user + used.system) / 1000, overhead, webhook } satisfies SideRound);
    } else {
      await served?.close();
      process.exit(0);
    }
  });
};

// ─── the bench: the receiver, two sides, their callers ────────────────────────────────────────
/** The next message of `type` from a side's process or a callers' worker. */
const next = async <M extends { readonly type: string }>(from: ChildProcess | Worker, type: string): Promise<M> => {
  for (;;) {
    const [message] = (await once(from, 'message')) as [M];
    if (message.type === type) return message;
  }
};

interface Side {
  readonly label: 'off' | 'on';
  readonly process: ChildProcess;
  readonly callers: Worker;
  readonly serverUrl: string;
}

const aSide = async (label: Side['label'], env: Record<string, string>): Promise<Side> => {
  const callers = new Worker(new URL('./voice-load.mjs', import.meta.url), { workerData: { authToken: AUTH_TOKEN, accountSid: ACCOUNT_SID, number: NUMBER } });
  const { url: hookUrl } = await next<{ type: 'hook'; url: string }>(callers, 'hook');
  const side = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_ROLE: 'side' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  side.send({ type: 'start', label, env, hookUrl } satisfies ToSide);
  const { serverUrl } = await next<{ type: 'ready'; serverUrl: string }>(side, 'ready');
  return { label, process: side, callers, serverUrl };
};

interface Figures {
  readonly p50: number;
  readonly p99: number;
  readonly cpuPerCall: number;
}

/** One round: both sides' callers dial at once; each side's figures. */
const round = async (sides: readonly Side[], calls: number, turns: number, thinkMs: number) => {
  await Promise.all(sides.map(async (side) => (side.process.send({ type: 'begin', calls } satisfies ToSide), next(side.process, 'begun'))));
  const rampMs = Math.min(2000, calls * 4);
  const trips = await Promise.all(
    sides.map(async (side) => {
      side.callers.postMessage({ calls, turns, thinkMs, serverUrl: side.serverUrl, rampMs });
      return next<{ type: 'done'; roundTripMs: number[]; failures: number }>(side.callers, 'done');
    }),
  );
  const measured = await Promise.all(sides.map(async (side) => (side.process.send({ type: 'end' } satisfies ToSide), next<SideRound>(side.process, 'measured'))));
  return sides.map((side, i) => {
    const overhead = [...measured[i]!.overhead].sort((a, b) => a - b);
    const hook = [...measured[i]!.webhook].sort((a, b) => a - b);
    const trip = [...trips[i]!.roundTripMs].sort((a, b) => a - b);
    const figures: Figures = { p50: percentile(overhead, 50), p99: percentile(overhead, 99), cpuPerCall: measured[i]!.cpuMs / calls };
    const row = `  ${String(calls).padStart(5)}  ${side.label.padStart(6)}  ${String(overhead.length).padStart(5)}   ${fmt(figures.p50)}     ${fmt(figures.p99)}     ${fmt(percentile(hook, 50))} / ${fmt(percentile(hook, 99))}   ${fmt(percentile(trip, 50))} / ${fmt(percentile(trip, 99))}   ${figures.cpuPerCall.toFixed(2).padStart(13)}   ${trips[i]!.failures}\n`;
    return { figures, row };
  });
};

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);

const main = async () => {
  const counts = (process.env.BENCH_CALLS ?? '100,500').split(',').map(Number);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
  const turns = Number(process.env.BENCH_TURNS ?? 8);
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
  const receiver = await startOtlpReceiver();
  const sides = [await aSide('off', {}), await aSide('on', tracingEnv(receiver))];
  process.stdout.write(`Switchboard voice loop, traces off and on at the same time: ${turns} turns per call, ~${thinkMs} ms between turns, in-memory storage, Node ${process.version}\n\n`);
  process.stdout.write('  calls  traces  turns   overhead p50   overhead p99   webhook TTFB p50 / p99   caller round trip p50 / p99   CPU ms a call   failures\n');
  // Unmeasured: neither side's figures carry the JIT's first compilations.
  await round(sides, Number(process.env.BENCH_WARM_UP_CALLS ?? 50), turns, thinkMs);
  for (const calls of counts) {
    const ratios: { p99: number; cpu: number }[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const [off, on] = await round(sides, calls, turns, thinkMs);
      process.stdout.write(off!.row + on!.row);
      ratios.push({ p99: on!.figures.p99 / off!.figures.p99, cpu: on!.figures.cpuPerCall / off!.figures.cpuPerCall });
    }
    const each = ratios.map((r) => `×${r.p99.toFixed(3)}/×${r.cpu.toFixed(3)}`).join(', ');
    process.stdout.write(
      `        traces on / off, median of ${ratios.length} rounds: overhead p99 ×${median(ratios.map((r) => r.p99)).toFixed(3)}, CPU a call ×${median(ratios.map((r) => r.cpu)).toFixed(3)}  (each round p99/CPU: ${each})\n`,
    );
  }
  const taken = await receiver.exports();
  process.stdout.write(`\n  the local OTLP receiver took ${taken.requests} exports (${taken.bytes} bytes)\n`);
  for (const side of sides) {
    const exited = once(side.process, 'exit');
    side.process.send({ type: 'close' } satisfies ToSide);
    await exited;
    await side.callers.terminate();
  }
  await receiver.close();
};

if (process.env.BENCH_ROLE === 'side') serveSide();
else runBench('voice-tracing', main);
