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
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryUnitOfWork } from '../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import { createPinoLogger } from '../src/adapters/pino/pino-logger.js';
import type { UnitOfWork } from '../src/application/ports/unit-of-work.js';
import type { TurnTiming } from '../src/application/services/agent-brain.js';
import { createSwitchboard, type Switchboard } from '../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../src/domain/e164.js';
import { trustMailbox } from '../src/domain/mailbox.js';
import { fmt, percentile, runBench, storeBenchNumber } from './support/figures.js';

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
  | { readonly type: 'done'; readonly roundTripMs: number[]; readonly failures: number };

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

  let sb: Switchboard | null = null;
  const server: Server = createServer((req, res) => sb!.requestListener(req, res));
  server.on('upgrade', (req, socket, head) => void sb!.handleUpgrade(req, socket, head).then((ok) => ok || socket.destroy()));
  // A backlog for a burst of calls ringing at once (Node's default is 511 pending connections).
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const databaseUrl = process.env.DATABASE_URL;
  const database = databaseUrl ? await openDatabase({ databaseUrl, dataDir: '.' }) : null;
  const uow: UnitOfWork = database?.uow ?? new InMemoryUnitOfWork();
  sb = createSwitchboard({
    env: {},
    unitOfWork: uow,
    logger: createPinoLogger({ level: 'error', pretty: false }),
    config: { publicUrl: serverUrl, twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: 'http://127.0.0.1:9' }, logLevel: 'error' },
  });
  await sb.start();
  await seed(sb, uow, hookUrl);

  const samples: number[] = [];
  const webhookMs: number[] = [];
  sb.voice().engine.onTurnTimed((_, t: TurnTiming) => {
    if (t.firstSpokenAt === null || t.firstChunkAt === null || t.requestedAt === null) return;
    const webhook = t.firstChunkAt - t.requestedAt;
    samples.push(t.firstSpokenAt - t.receivedAt - webhook);
    webhookMs.push(webhook);
  });

  process.stdout.write(
    `Switchboard voice loop: ${turns} turns per call, ~${thinkMs} ms between turns, ${databaseUrl ? 'PostgreSQL' : 'in-memory'} storage, Node ${process.version}\n\n`,
  );
  process.stdout.write('  calls   turns   overhead p50   overhead p99   webhook TTFB p50 / p99   caller round trip p50 / p99   failures\n');
  for (const calls of counts) {
    samples.length = 0;
    webhookMs.length = 0;
    const done = fromWorker('done');
    const rampMs = Number(process.env.BENCH_RAMP_MS ?? Math.min(2000, calls * 4));
    worker.postMessage({ calls, turns, thinkMs, serverUrl, rampMs } satisfies Round);
    const result = (await done) as Extract<FromWorker, { type: 'done' }>;
    const sorted = [...samples].sort((a, b) => a - b);
    const hook = [...webhookMs].sort((a, b) => a - b);
    const trip = [...result.roundTripMs].sort((a, b) => a - b);
    process.stdout.write(
      `  ${String(calls).padStart(5)}   ${String(sorted.length).padStart(5)}   ${fmt(percentile(sorted, 50))}     ${fmt(percentile(sorted, 99))}     ${fmt(percentile(hook, 50))} / ${fmt(percentile(hook, 99))}   ${fmt(percentile(trip, 50))} / ${fmt(percentile(trip, 99))}   ${result.failures}\n`,
    );
    await new Promise((r) => setTimeout(r, 500));
  }
  await worker.terminate();
  await sb.close();
  await database?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
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
  await api(`/v1/agents/${agent.id}/webhook`, { url: hookUrl, contextLimit: 10, timeout: 30 });
  // The number is stored directly: provisioning would need the Twilio REST API.
  await storeBenchNumber(uow, created.right.project.id, agent.id, NUMBER);
};

runBench(main);
