/**
 * First-turn webhook latency with and without the warm-up while a call rings
 * (`npm run bench:voice:warm-up`): inbound calls on the simulated carrier, each saying one thing
 * after a ring, answered by a local HTTPS webhook (a self-signed certificate the transport is told
 * to trust) that closes every connection after its answer, so each call's first turn finds no
 * connection pooled by an earlier one. Two Switchboards in one process, one whose voice-turn
 * transport warms up and one whose does not, take turns call by call.
 *
 *   BENCH_SAMPLES=50   calls per side
 *   BENCH_RING_MS=300  from the call's answer to the caller's first words (the ring, the greeting)
 *
 * Printed: the webhook's time to first chunk (request sent → first chunk, the TLS handshake
 * included when no connection waited) and the first text frame from the caller's words, p50 and
 * p99 per side. Needs `openssl` for the certificate.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { HttpVoiceTurnTransport } from '../src/adapters/http/http-voice-turn-transport.js';
import { InMemoryUnitOfWork } from '../src/adapters/memory/in-memory-unit-of-work.js';
import { createPinoLogger } from '../src/adapters/pino/pino-logger.js';
import type { TurnTiming } from '../src/application/ports/agent-brain.js';
import type { VoiceTurnTransport } from '../src/application/ports/voice-turn-transport.js';
import { TOKENS } from '../src/bootstrap/composition/tokens.js';
import { createSwitchboard, type Switchboard } from '../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../src/domain/e164.js';
import { trustMailbox } from '../src/domain/mailbox.js';
import { fmt, percentile, runBench, storeBenchNumber } from './support/figures.js';

const NUMBER = trustE164('+12125550100');

/** A self-signed certificate for 127.0.0.1, made in a temporary directory. */
const selfSigned = (): { readonly key: Buffer; readonly cert: Buffer } => {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-warm-up-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The customer's webhook over TLS: a voice turn is answered with one NDJSON line; every answer closes its connection. */
const startReceiver = async (tls: { readonly key: Buffer; readonly cert: Buffer }): Promise<{ readonly url: string; readonly server: Server }> => {
  const server = createHttpsServer(tls, (req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.headers['x-webhook-event'] !== 'agent.message') return void res.writeHead(200, { connection: 'close' }).end();
      res.writeHead(200, { 'content-type': 'application/x-ndjson', connection: 'close' });
      res.end(`${JSON.stringify({ text: 'Hello.' })}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
};

/** A Switchboard on the simulated carrier whose voice turns trust `ca`; `warm`: its transport warms up while calls ring. */
const aSwitchboard = async (ca: Buffer, warm: boolean, hookUrl: string): Promise<Switchboard> => {
  const uow = new InMemoryUnitOfWork();
  const sb = createSwitchboard({
    env: {},
    unitOfWork: uow,
    logger: createPinoLogger({ level: 'error', pretty: false }),
    config: { logLevel: 'error', aiDisclosure: null },
    override: (rebind) =>
      rebind(TOKENS.voiceTurnTransport).toResolvedValue(
        (guard): VoiceTurnTransport => {
          const transport = new HttpVoiceTurnTransport(guard, { ca });
          return warm ? transport : { postVoiceTurn: (request) => transport.postVoiceTurn(request), close: () => transport.close() };
        },
        [TOKENS.outboundGuard],
      ),
  });
  await sb.start();
  const created = await sb.useCases().projects.createProject.execute({ email: trustMailbox(`warm-up-${warm}@example.com`) })();
  if (E.isLeft(created)) throw new Error('project');
  const key = created.right.apiKey.clear;
  const post = async (path: string, body: unknown) => {
    const response = await sb.fetch(new Request(`http://bench${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    if (response.status !== 200) throw new Error(`${path}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const agent = await post('/v1/agents', { name: 'Bench', greeting: 'Hello.' });
  await post(`/v1/agents/${agent.id}/webhook`, { url: hookUrl, contextLimit: 10, timeout: 30 });
  await storeBenchNumber(uow, created.right.project.id, agent.id, NUMBER);
  return sb;
};

/** One call: it rings, the caller speaks once, the agent answers, the caller hangs up; the first turn's timing. */
const firstTurnOf = async (sb: Switchboard, ringMs: number): Promise<TurnTiming> => {
  const calls = sb.voice().simulated!;
  let timing: TurnTiming | null = null;
  const stop = sb.voice().engine.onTurnTimed((_, t) => (timing = { ...t }));
  const started = await calls.startInbound({ from: '+14155550123', to: NUMBER });
  if (E.isLeft(started)) throw new Error(started.left._tag);
  await new Promise((resolve) => setTimeout(resolve, ringMs));
  calls.sayAsCaller(started.right.callId, 'hello');
  await started.right.until((c) => c.utterances().length === 2);
  await calls.hangUp(started.right.callId);
  stop();
  if (!timing) throw new Error('the turn was not timed');
  return timing;
};

const figures = (timings: readonly TurnTiming[]) => {
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  const webhook = sorted(timings.map((t) => (t.firstChunkAt ?? NaN) - (t.requestedAt ?? NaN)));
  const firstText = sorted(timings.map((t) => (t.firstSpokenAt ?? NaN) - t.receivedAt));
  return `${fmt(percentile(webhook, 50))} / ${fmt(percentile(webhook, 99))}   ${fmt(percentile(firstText, 50))} / ${fmt(percentile(firstText, 99))}`;
};

const main = async () => {
  const samples = Number(process.env.BENCH_SAMPLES ?? 50);
  const ringMs = Number(process.env.BENCH_RING_MS ?? 300);
  const tls = selfSigned();
  const receiver = await startReceiver(tls);
  const cold = await aSwitchboard(tls.cert, false, receiver.url);
  const warm = await aSwitchboard(tls.cert, true, receiver.url);
  const timings = { cold: [] as TurnTiming[], warm: [] as TurnTiming[] };
  for (let i = 0; i < samples; i++) {
    timings.cold.push(await firstTurnOf(cold, ringMs));
    timings.warm.push(await firstTurnOf(warm, ringMs));
  }
  process.stdout.write(`First turn over TLS to a local webhook: ${samples} calls per side, ${ringMs} ms ring, Node ${process.version}\n\n`);
  process.stdout.write('  warm-up   webhook first chunk p50 / p99   first text p50 / p99\n');
  process.stdout.write(`  off       ${figures(timings.cold)}\n`);
  process.stdout.write(`  on        ${figures(timings.warm)}\n`);
  await cold.close();
  await warm.close();
  receiver.server.closeAllConnections();
  await new Promise((resolve) => receiver.server.close(resolve));
};

runBench('voice-warm-up', main);
