import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpVoiceTurnTransport } from '../../../src/adapters/http/http-voice-turn-transport.js';
import { BlockedAddressError, OutboundGuard } from '../../../src/adapters/http/outbound-guard.js';
import { DENY_PRIVATE_NETWORKS, type PrivateNetworkTargets } from '../../../src/adapters/http/private-network-targets.js';
import type { VoiceTurnRequest } from '../../../src/application/ports/voice-turn-transport.js';
import { hostsTable } from '../../support/hosts-table.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A local voice webhook answering NDJSON; counts the requests it got. */
const aVoiceWebhook = async (handler: RequestListener) => {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume().on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, requests: () => requests };
};

const ndjson: RequestListener = (_, res) => {
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
  res.end('{"text":"Hello"}\n{"text":"there"}\n');
};

const hosts = hostsTable({ 'voice.test': '127.0.0.1' });

const transport = (targets: PrivateNetworkTargets) => {
  const sut = new HttpVoiceTurnTransport(new OutboundGuard(targets, hosts));
  cleanups.push(() => sut.close());
  return sut;
};

const aTurnRequest = (url: string): VoiceTurnRequest => ({
  url,
  secret: 'whsec_test',
  deliveryId: 'whd_1',
  eventType: 'agent.message',
  body: '{"event":"agent.message"}',
  signal: new AbortController().signal,
});

const chunksOf = async (iterable: AsyncIterable<unknown>) => {
  const chunks: unknown[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
};

describe(HttpVoiceTurnTransport.name, () => {
  it('refuses a name that resolves to a loopback address, sending nothing', async () => {
    const webhook = await aVoiceWebhook(ndjson);

    const sent = transport(DENY_PRIVATE_NETWORKS).postVoiceTurn(aTurnRequest(`http://voice.test:${webhook.port}/turn`));

    await expect(sent).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(sent).rejects.toThrow(/^blocked_address: voice\.test resolves to .*127\.0\.0\.1 is a loopback address/);
    expect(webhook.requests()).toBe(0);
  });

  it('refuses a loopback address as written', async () => {
    const webhook = await aVoiceWebhook(ndjson);

    await expect(transport(DENY_PRIVATE_NETWORKS).postVoiceTurn(aTurnRequest(`http://127.0.0.1:${webhook.port}/turn`))).rejects.toThrow(/^blocked_address/);
    expect(webhook.requests()).toBe(0);
  });

  it('streams the answer of an allowed address chunk by chunk', async () => {
    const webhook = await aVoiceWebhook(ndjson);

    const response = await transport({ kind: 'deny', except: ['127.0.0.0/8'] }).postVoiceTurn(aTurnRequest(`http://voice.test:${webhook.port}/turn`));

    expect(response.httpStatus).toBe(200);
    expect(await chunksOf(response.chunks)).toEqual([
      { kind: 'actions', actions: [{ kind: 'say', text: 'Hello', interim: false }] },
      { kind: 'actions', actions: [{ kind: 'say', text: 'there', interim: false }] },
    ]);
  });

  it('does not follow a redirect', async () => {
    const webhook = await aVoiceWebhook((req, res) =>
      req.url === '/turn' ? res.writeHead(302, { Location: '/elsewhere' }).end() : ndjson(req, res),
    );

    const response = await transport({ kind: 'allow' }).postVoiceTurn(aTurnRequest(`http://voice.test:${webhook.port}/turn`));

    expect(response.httpStatus).toBe(302);
    expect(await chunksOf(response.chunks)).toEqual([]);
    expect(webhook.requests()).toBe(1);
  });

  it('decodes each line of the answer, telling garbage lines apart from the answer around them', async () => {
    const webhook = await aVoiceWebhook((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.end('{"text":"Hello"}\nnot json at all\n\n42\n{"digits":"12#","text":""}\n{"action":"hangup"');
    });

    const response = await transport({ kind: 'allow' }).postVoiceTurn(aTurnRequest(`http://voice.test:${webhook.port}/turn`));

    expect(await chunksOf(response.chunks)).toEqual([
      { kind: 'actions', actions: [{ kind: 'say', text: 'Hello', interim: false }] },
      { kind: 'unreadable', reason: 'not JSON: not json at all' },
      { kind: 'unreadable', reason: 'not an answer object: 42' },
      { kind: 'actions', actions: [{ kind: 'digits', digits: '12#' }] },
      { kind: 'unreadable', reason: 'not JSON: {"action":"hangup"' },
    ]);
  });
});
