/**
 * Hosted speech benchmark (`npm run bench:hosted`): N concurrent hosted-mode calls over the
 * real path — signed Twilio voice webhook, ConversationRelay WebSocket, the voice engine, the
 * hosted brain, the OpenAI-compatible client — against a local fake model that streams
 * chat-completion chunks (SSE) one word every BENCH_TOKEN_GAP_MS.
 *
 * What is measured, per caller turn: from the model's first token leaving the fake (stamped
 * just before its `res.write`) to the first `text` frame reaching the caller (stamped as the
 * WebSocket message is read). The fake model and the callers run in one worker thread
 * (`hosted-load.mjs`, their own event loop, as the carrier and the model vendor would be), so
 * both stamps are `performance.now()` of the same thread; the Switchboard runs in the main
 * thread, as it would in its own process.
 *
 * That interval holds more than Switchboard: two loopback TCP hops, the wake-ups of two threads,
 * and the load thread's own lateness in stamping (its garbage collections, its other callers).
 * So each round runs beside a bare relay in the same thread (`support/bare-relay.ts`: the same
 * hops, an HTTP client, a WebSocket server and nothing else): a bare round, then a Switchboard
 * round, BENCH_PAIRS times over, alternating, so that a minute in which the machine was busy
 * falls on both sides. Each pair gives what Switchboard added at p99 (its round's p99 less the
 * bare round's), and the figure is the median of the pairs': on a shared two-core machine one
 * round's tail moves by several milliseconds from one minute to the next, and a median is not
 * moved by a single such minute. (The p99 of all rounds' turns pooled is printed beside it, but
 * it is the noisiest round's tail: a pooled p99 is about the p97 of that one round, whichever side
 * it fell on.) A single call's round asks about twenty turns, so its p99 is its slowest turn.
 *
 * The figure is taken at N concurrent calls: over the turns asked once every call of the round
 * had been up for a second. The calls ring over up to two seconds (250 a second at 500 calls),
 * and the turns asked meanwhile share the event loop with that burst of call set-ups (signed
 * webhooks, calls stored, sessions opened); they are printed apart, as the whole round's p99.
 * The calls end likewise over the round's last seconds (each asks its turns and hangs up), and
 * the turns asked before the round's first hang-up (every call up, none ending) are printed
 * apart too, as their own added p99 and each pair's: what the calls' ends add is the difference.
 * Target: ≤ 1 ms at N concurrent calls. Before tokens were streamed, Switchboard waited for the
 * model's whole first sentence (several token gaps).
 * The Switchboard's own stamps (first model chunk read → first words handed to the socket)
 * are printed beside it, and the caller's time from its words to the agent's first words.
 * Then each thread's event-loop lag p99 over the Switchboard rounds (how late a 10 ms timer
 * fired), and the main thread's collections in all rounds, Switchboard's and the bare relay's:
 * young-generation ones and the atomic pauses of full ones, how many, the longest pause and all
 * of them together. A token that arrives during one waits for it. Last, the main thread's CPU time
 * in a round (the median round's), Switchboard's and the bare relay's, and PostgreSQL's (Linux's
 * /proc): a token that arrives while the loop runs something else waits for it too, and
 * PostgreSQL's backends take the same two cores, so these are the load the tail grows with, and,
 * unlike the tail, figures that move little from one run to the next. Beside them, how long the
 * main thread was ready to run but waited for a core (Linux's scheduler statistics): the load
 * thread, PostgreSQL and V8's helper threads share the machine's cores with it, and a token that
 * arrives while it waits so waits too. `failures` counts calls
 * that failed and first frames that no model token preceded, in all rounds. Warm-up rounds (5 calls
 * each, not counted) run first, so no figure is the first run of cold code.
 *
 *   BENCH_CALLS=1,100,500    concurrent calls per round
 *   BENCH_PAIRS=5            bare and Switchboard rounds per call count, alternating
 *   BENCH_TURNS=8            turns per call (more in a small round: at least BENCH_MIN_SAMPLES turns in all its pairs)
 *   BENCH_MIN_SAMPLES=100    fewest turns a call count measures on each side, so that its p99 is not its slowest turn
 *   BENCH_THINK_MS=1000      mean pause between turns (uniform 0.5×..1.5×)
 *   BENCH_TOKEN_GAP_MS=30    the model's pace: before the first token and between tokens
 *   DATABASE_URL=…           store in PostgreSQL instead of memory
 *   BENCH_PROFILE=<dir>      also a CPU profile of the main thread in each round, Switchboard's and the bare relay's
 *
 * What it prints is recorded in bench/results/<date>-hosted.md when the run ends.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants as perf, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
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
import { startBareRelay } from './support/bare-relay.js';
import { profiled } from './support/cpu-profile.js';
import { mainThreadCpuOver } from './support/cpu-time.js';
import { fmt, median, percentile, runBench, storeBenchNumber } from './support/figures.js';

const ACCOUNT_SID = `AC${'0'.repeat(32)}`;
const AUTH_TOKEN = 'bench-auth-token';
const NUMBER = trustE164('+12125550100');
const TARGET_P99_MS = 1;
/** The lag timer's period, taken off what it measures (it reports the whole time between its runs). */
const LAG_RESOLUTION_MS = 10;

interface Round {
  readonly calls: number;
  readonly turns: number;
  readonly thinkMs: number;
  readonly serverUrl: string;
}

type FromWorker =
  | { readonly type: 'model'; readonly url: string }
  | {
      readonly type: 'done';
      readonly addedMs: number[];
      /** The same, of the turns asked once every call had been up for a second (no call being set up beside them). */
      readonly settledMs: number[];
      /** Of those, the turns asked before the round's first call hung up (no call ending beside them either). */
      readonly allUpMs: number[];
      readonly firstWordsMs: number[];
      readonly unmatched: number;
      readonly failures: number;
      /** p99 of how late the load thread's event loop ran during the round. */
      readonly loadLagP99Ms: number;
    };

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const medianOrNull = (values: readonly (number | null)[]): number | null => (values.some((v) => v === null) ? null : median(values as number[]));
const seconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const gcKind = (entry: PerformanceEntry): number | undefined => ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail)?.kind;
interface Pauses {
  readonly count: number;
  readonly longestMs: number;
  readonly totalMs: number;
}
const pausesOf = (durations: readonly number[]): Pauses => ({
  count: durations.length,
  longestMs: Math.max(0, ...durations),
  totalMs: durations.reduce((a, b) => a + b, 0),
});
const together = (all: readonly Pauses[]): Pauses => ({
  count: all.reduce((n, p) => n + p.count, 0),
  longestMs: Math.max(0, ...all.map((p) => p.longestMs)),
  totalMs: all.reduce((n, p) => n + p.totalMs, 0),
});
const pauseFigures = (p: Pauses) => `${String(p.count).padStart(4)}, ${p.longestMs.toFixed(1)}, ${p.totalMs.toFixed(0)} ms`;
interface RoundResult extends Extract<FromWorker, { type: 'done' }> {
  /** The main thread's young-generation collections (scavenges) and full (mark-compact) ones in the round. */
  readonly gc: { readonly young: Pauses; readonly full: Pauses };
  readonly switchboardLagP99Ms: number;
  /** CPU time of the main thread in the round, and of PostgreSQL's processes (null where unreadable), in ms. */
  readonly cpuMs: number | null;
  /** How long the main thread was ready to run but waited for a core in the round, in ms (null where unreadable). */
  readonly waitMs: number | null;
  readonly postgresCpuMs: number | null;
}

/** One side's rounds of a call count (Switchboard's or the bare relay's), taken together. */
const pooled = (rounds: readonly RoundResult[]) => ({
  steady: sorted(rounds.flatMap((r) => r.settledMs)),
  all: sorted(rounds.flatMap((r) => r.addedMs)),
  words: sorted(rounds.flatMap((r) => r.firstWordsMs)),
  failures: rounds.reduce((n, r) => n + r.failures + r.unmatched, 0),
  young: together(rounds.map((r) => r.gc.young)),
  full: together(rounds.map((r) => r.gc.full)),
  switchboardLagP99Ms: Math.max(0, ...rounds.map((r) => r.switchboardLagP99Ms)),
  loadLagP99Ms: Math.max(0, ...rounds.map((r) => r.loadLagP99Ms)),
  cpuMs: medianOrNull(rounds.map((r) => r.cpuMs)),
  waitMs: medianOrNull(rounds.map((r) => r.waitMs)),
  postgresCpuMs: medianOrNull(rounds.map((r) => r.postgresCpuMs)),
});

/**
 * What Switchboard added at p99 over a call count's pairs, from `turnsOf` each round's turns:
 * each pair's figure (its Switchboard round's p99 less its bare round's), their median, and the
 * pooled p99s compared (all Switchboard rounds' turns against all the bare relay's).
 */
const addedOver = (ours: readonly RoundResult[], base: readonly RoundResult[], turnsOf: (r: RoundResult) => number[]) => {
  const p99 = (rounds: readonly RoundResult[]) => percentile(sorted(rounds.flatMap(turnsOf)), 99);
  const eachPair = ours.map((r, i) => p99([r]) - p99([base[i]!]));
  return { eachPair, ms: median(eachPair), pooledMs: p99(ours) - p99(base), turns: ours.reduce((n, r) => n + turnsOf(r).length, 0) };
};

/** Each pair's added p99, in a column. */
const eachPairText = (eachPair: readonly number[]) => eachPair.map((ms) => ms.toFixed(2)).join(', ');

/** Whether an added p99 meets the target, in a column of its own. */
const verdict = (addedMs: number) => (addedMs <= TARGET_P99_MS ? 'met   ' : 'MISSED');

/** A pause between rounds, so that one round's closing calls are not the next one's load. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
const main = async () => {
  const counts = (process.env.BENCH_CALLS ?? '1,100,500').split(',').map(Number);
  const turns = Number(process.env.BENCH_TURNS ?? 8);
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
  const tokenGapMs = Number(process.env.BENCH_TOKEN_GAP_MS ?? 30);
  const minSamples = Number(process.env.BENCH_MIN_SAMPLES ?? 100);
  const pairs = Math.max(1, Number(process.env.BENCH_PAIRS ?? 5));

  const worker = new Worker(new URL('./hosted-load.mjs', import.meta.url), {
    workerData: { authToken: AUTH_TOKEN, accountSid: ACCOUNT_SID, number: NUMBER, tokenGapMs },
  });
  const fromWorker = (type: FromWorker['type']) =>
    new Promise<FromWorker>((resolve) => {
      const listen = (message: FromWorker) => {
        if (message.type !== type) return;
        worker.off('message', listen);
        resolve(message);
      };
      worker.on('message', listen);
    });
  const modelUrl = ((await fromWorker('model')) as Extract<FromWorker, { type: 'model' }>).url;

  let sb: Switchboard | null = null;
  const server: Server = createServer((req, res) => sb!.requestListener(req, res));
  server.on('upgrade', (req, socket, head) => void sb!.handleUpgrade(req, socket, head).then((ok) => ok || socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const databaseUrl = process.env.DATABASE_URL;
  const database = databaseUrl ? await openDatabase({ databaseUrl, dataDir: '.' }) : null;
  const uow: UnitOfWork = database?.uow ?? new InMemoryUnitOfWork();
  sb = createSwitchboard({
    env: {},
    unitOfWork: uow,
    logger: createPinoLogger({ level: 'error', pretty: false }),
    config: {
      publicUrl: serverUrl,
      twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: 'http://127.0.0.1:9' },
      llm: { baseUrl: modelUrl, apiKey: 'sk-bench', model: 'bench', timeoutMs: 10_000 },
      logLevel: 'error',
    },
  });
  await sb.start();
  await seed(sb, uow);

  const insideMs: number[] = [];
  sb.voice().engine.onTurnTimed((_, t: TurnTiming) => {
    if (t.firstSpokenAt !== null && t.firstChunkAt !== null) insideMs.push(t.firstSpokenAt - t.firstChunkAt);
  });

  // How late Switchboard's own event loop ran during each round (the load thread reports its own).
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  // The main thread's collections that stop its event loop: young-generation ones (scavenges), and
  // the last, atomic pause of each full one (mark-compact; its marking runs beside the loop).
  const scavenges: number[] = [];
  const fullPauses: number[] = [];
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (gcKind(entry) === perf.NODE_PERFORMANCE_GC_MINOR) scavenges.push(entry.duration);
      else if (gcKind(entry) === perf.NODE_PERFORMANCE_GC_MAJOR) fullPauses.push(entry.duration);
    }
  });
  gcs.observe({ entryTypes: ['gc'] });
  const round = async (calls: number, turnsPerCall: number, url = serverUrl): Promise<RoundResult> => {
    const done = fromWorker('done');
    lag.reset();
    lag.enable();
    scavenges.length = 0;
    fullPauses.length = 0;
    const { result, mainThreadMs, mainThreadWaitMs, postgresMs } = await mainThreadCpuOver(async () => {
      worker.postMessage({ calls, turns: turnsPerCall, thinkMs, serverUrl: url } satisfies Round);
      return (await done) as Extract<FromWorker, { type: 'done' }>;
    });
    lag.disable();
    const gc = { young: pausesOf(scavenges), full: pausesOf(fullPauses) };
    return { ...result, gc, switchboardLagP99Ms: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS), cpuMs: mainThreadMs, waitMs: mainThreadWaitMs, postgresCpuMs: postgresMs };
  };
  const bare = await startBareRelay(modelUrl);
  await round(5, 3);
  await round(5, 3, bare.url);
  process.stdout.write(
    `Switchboard hosted speech: ${turns} turns per call (at least ${minSamples} a call count on each side), ${pairs} pairs of rounds per call count, ~${thinkMs} ms between turns, a model streaming a word every ${tokenGapMs} ms, ${databaseUrl ? 'PostgreSQL' : 'in-memory'} storage, Node ${process.version}\n`,
  );
  process.stdout.write(`Interval: the model's first token leaving the fake → the first text frame reaching the caller, through Switchboard and through a bare relay (same hops, nothing else), in alternating rounds.\n`);
  process.stdout.write(`At N concurrent calls: the turns asked once every call of a round had been up for a second. Added by Switchboard: each pair's p99 less the bare relay's, the median of the pairs. Target: ≤ ${TARGET_P99_MS} ms.\n\n`);
  process.stdout.write('  calls   turns   Switchboard p50 / p99     bare relay p50 / p99    added p99   target   each pair\'s added p99                    pooled p99s   with the calls\' set-up: turns, p99 Switchboard / bare relay, added, target   before the first hang-up: turns, added p99 (each pair)   inside p50 / p99          caller first words p50 / p99   failures   event-loop lag p99, worst round: Switchboard / load   scavenges (n, longest, total): Switchboard / bare relay   full collections\' pauses (n, longest, total): Switchboard / bare relay   CPU a round (median), main thread: Switchboard / bare relay, PostgreSQL   main thread waiting for a core, a round (median): Switchboard / bare relay\n');
  for (const calls of counts) {
    const turnsPerCall = Math.max(turns, Math.ceil(minSamples / pairs / calls));
    const bareRounds: RoundResult[] = [];
    const switchboardRounds: RoundResult[] = [];
    insideMs.length = 0;
    for (let pair = 1; pair <= pairs; pair++) {
      bareRounds.push(await profiled(`bare-${calls}-calls-${pair}`, () => round(calls, turnsPerCall, bare.url)));
      await settle();
      switchboardRounds.push(await profiled(`hosted-${calls}-calls-${pair}`, () => round(calls, turnsPerCall)));
      await settle();
    }
    const ours = pooled(switchboardRounds);
    const base = pooled(bareRounds);
    const inside = sorted(insideMs);
    const added = addedOver(switchboardRounds, bareRounds, (r) => r.settledMs);
    const withSetUp = addedOver(switchboardRounds, bareRounds, (r) => r.addedMs);
    const allUp = addedOver(switchboardRounds, bareRounds, (r) => r.allUpMs);
    process.stdout.write(
      `  ${String(calls).padStart(5)}   ${String(ours.steady.length).padStart(5)}   ${fmt(percentile(ours.steady, 50))} / ${fmt(percentile(ours.steady, 99))}   ${fmt(percentile(base.steady, 50))} / ${fmt(percentile(base.steady, 99))}   ${fmt(added.ms)}   ${verdict(added.ms)}   ${eachPairText(added.eachPair).padEnd(35)} ms   ${fmt(added.pooledMs)}   ${String(ours.all.length).padStart(6)}  ${fmt(percentile(ours.all, 99))} / ${fmt(percentile(base.all, 99))}  ${fmt(withSetUp.ms)}   ${verdict(withSetUp.ms)}   ${String(allUp.turns).padStart(6)}  ${fmt(allUp.ms)} (${eachPairText(allUp.eachPair)})   ${fmt(percentile(inside, 50))} / ${fmt(percentile(inside, 99))}   ${fmt(percentile(ours.words, 50))} / ${fmt(percentile(ours.words, 99))}       ${String(ours.failures + base.failures).padStart(4)}   ${fmt(ours.switchboardLagP99Ms)} / ${fmt(ours.loadLagP99Ms)}   ${pauseFigures(ours.young)} / ${pauseFigures(base.young)}   ${pauseFigures(ours.full)} / ${pauseFigures(base.full)}   ${seconds(ours.cpuMs)} / ${seconds(base.cpuMs)}, ${seconds(ours.postgresCpuMs)}   ${seconds(ours.waitMs)} / ${seconds(base.waitMs)}\n`,
    );
  }
  gcs.disconnect();
  await bare.close();
  await worker.terminate();
  await sb.close();
  await database?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

/** One project, one hosted-mode agent on one number (stored directly: provisioning needs Twilio's API). */
const seed = async (sb: Switchboard, uow: UnitOfWork) => {
  const created = await sb.useCases().projects.createProject.execute({ email: trustMailbox(`bench-${Date.now()}@example.com`) })();
  if (E.isLeft(created)) throw new Error('project');
  // Hundreds of calls at once: the project may hold more than the default cap of 10.
  const capped = await sb.useCases().admin.setCallLimit.execute({ projectId: created.right.project.id, limit: 10_000 })();
  if (E.isLeft(capped)) throw new Error('call limit');
  const key = created.right.apiKey.clear;
  const response = await sb.fetch(
    new Request('http://bench/v1/agents', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', greeting: 'Hello.', voiceMode: 'hosted', systemPrompt: 'You answer questions about orders.' }),
    }),
  );
  if (response.status !== 200) throw new Error(`agent: ${await response.text()}`);
  const agent = (await response.json()) as { id: string };
  await storeBenchNumber(uow, created.right.project.id, agent.id, NUMBER);
};

runBench('hosted', main);
