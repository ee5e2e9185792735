import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeHttpWebhookTransport } from '../../../src/adapters/http/node-http-webhook-transport.js';
import { OutboundGuard } from '../../../src/adapters/http/outbound-guard.js';
import { DENY_PRIVATE_NETWORKS, type PrivateNetworkTargets } from '../../../src/adapters/http/private-network-targets.js';
import type { WebhookRequest } from '../../../src/application/ports/webhook-transport.js';
import { hostsTable } from '../../support/hosts-table.js';

/** Makes the self-signed certificate for the HTTPS case; without it that case is skipped. */
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Seen {
  readonly method: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

/** A local endpoint: records requests and TCP connections; `handler` answers. */
const endpoint = async (handler: RequestListener, server: Server = createServer()) => {
  const seen: Seen[] = [];
  let connections = 0;
  server.on('connection', () => connections++);
  server.on('secureConnection', () => connections++);
  server.on('request', (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { port, seen, connections: () => connections };
};

const answer = (status: number, body = '', headers: Record<string, string> = {}): RequestListener =>
  (_, res) => res.writeHead(status, { 'Content-Type': 'text/plain', ...headers }).end(body);

const transport = (guard = OutboundGuard.allowingAll()) => {
  const sut = new NodeHttpWebhookTransport(guard);
  cleanups.push(() => sut.close());
  return sut;
};

const aRequest = (url: string, overrides: Partial<WebhookRequest> = {}): WebhookRequest => ({
  url,
  secret: 'whsec_test_secret',
  deliveryId: 'dlv_0001',
  eventType: 'agent.message',
  body: JSON.stringify({ event: 'agent.message', data: { message: 'héllo ✓ 📞' } }),
  timeoutMs: 5_000,
  ...overrides,
});

describe(NodeHttpWebhookTransport.name, () => {
  it('POSTs the body byte for byte with the signed headers of the wire spec', async () => {
    const server = await endpoint(answer(200, 'thanks'));
    const request = aRequest(`http://127.0.0.1:${server.port}/hooks?x=1`);
    const before = Math.floor(Date.now() / 1000);

    const response = await transport().send(request);

    expect(response).toMatchObject({ ok: true, httpStatus: 200, errorMessage: null, responseBody: 'thanks' });
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
    const [seen] = server.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.body.equals(Buffer.from(request.body, 'utf8'))).toBe(true);
    const headers = seen!.headers;
    const timestamp = String(headers['x-webhook-timestamp']);
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(request.body)),
      'user-agent': 'Switchboard-Webhooks/1',
      'x-webhook-id': 'dlv_0001',
      'x-webhook-event': 'agent.message',
      'x-webhook-signature': `sha256=${createHmac('sha256', request.secret).update(`${timestamp}.${request.body}`).digest('hex')}`,
    });
  });

  it('answers any non-2xx as not ok, with its status and the start of its body', async () => {
    const server = await endpoint((req, res) =>
      req.url === '/fail' ? answer(500, 'boom')(req, res) : answer(302, 'moved', { Location: '/elsewhere' })(req, res),
    );
    const sut = transport();

    expect(await sut.send(aRequest(`http://127.0.0.1:${server.port}/fail`))).toMatchObject({
      ok: false, httpStatus: 500, errorMessage: 'HTTP 500', responseBody: 'boom',
    });
    expect(await sut.send(aRequest(`http://127.0.0.1:${server.port}/moved`))).toMatchObject({
      ok: false, httpStatus: 302, errorMessage: 'HTTP 302', responseBody: 'moved',
    });
    // The redirect was not followed.
    expect(server.seen.map((s) => s.method)).toEqual(['POST', 'POST']);
  });

  it('keeps only the first KiB of a large answer and still reuses the connection', async () => {
    const server = await endpoint(answer(200, 'a'.repeat(1000) + 'b'.repeat(9000)));
    const sut = transport();
    const url = `http://127.0.0.1:${server.port}/hooks`;

    const first = await sut.send(aRequest(url));
    const second = await sut.send(aRequest(url));

    expect(first).toMatchObject({ ok: true, httpStatus: 200, responseBody: 'a'.repeat(1000) + 'b'.repeat(24) });
    expect(second).toMatchObject({ ok: true, responseBody: first.responseBody });
    expect(server.connections()).toBe(1);
  });

  it('stops reading an answer that never ends once it has a KiB, and drops that connection', async () => {
    let closed = false;
    const server = await endpoint((req, res) => {
      req.socket.on('close', () => (closed = true));
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('x'.repeat(4096));
    });

    const response = await transport().send(aRequest(`http://127.0.0.1:${server.port}/hooks`, { timeoutMs: 10_000 }));

    expect(response).toMatchObject({ ok: true, httpStatus: 200, errorMessage: null, responseBody: 'x'.repeat(1024) });
    await expect.poll(() => closed).toBe(true);
  });

  it('times out an endpoint that never answers', async () => {
    const server = await endpoint(() => undefined);

    const response = await transport().send(aRequest(`http://127.0.0.1:${server.port}/hooks`, { timeoutMs: 150 }));

    expect(response).toMatchObject({ ok: false, httpStatus: null, errorMessage: 'timed out after 150 ms', responseBody: null });
  });

  it('names a refused connection by its code', async () => {
    const server = await endpoint(answer(200));
    const port = server.port;
    await cleanups.pop()!(); // nothing listens on the port any more

    expect(await transport().send(aRequest(`http://127.0.0.1:${port}/hooks`))).toMatchObject({
      ok: false, httpStatus: null, errorMessage: 'ECONNREFUSED', responseBody: null,
    });
  });

  it('sends one after another over one keep-alive connection', async () => {
    const server = await endpoint(answer(204));
    const sut = transport();
    const url = `http://127.0.0.1:${server.port}/hooks`;

    for (let i = 0; i < 3; i++) expect(await sut.send(aRequest(url))).toMatchObject({ ok: true, httpStatus: 204, responseBody: '' });

    expect(server.connections()).toBe(1);
  });

  it('delivers every send to a server that drops idle connections at once', async () => {
    const server = createServer();
    server.keepAliveTimeout = 1;
    let dropped = Promise.resolve();
    const receiving = await endpoint((req, res) => {
      dropped = new Promise((resolve) => req.socket.once('close', () => resolve()));
      answer(200, 'ok')(req, res);
    }, server);
    const sut = transport();
    const url = `http://127.0.0.1:${receiving.port}/hooks`;

    for (let i = 0; i < 5; i++) {
      expect(await sut.send(aRequest(url, { deliveryId: `dlv_${i}` }))).toMatchObject({ ok: true });
      await dropped; // the server closed the connection as soon as it went idle
    }

    expect(receiving.seen.map((s) => s.headers['x-webhook-id'])).toEqual(['dlv_0', 'dlv_1', 'dlv_2', 'dlv_3', 'dlv_4']);
  });

  it('sends again on a new connection when a reused one turns out closed', async () => {
    // Each connection serves one request; the next one on it is cut off unanswered, as when a
    // server closes an idle socket just as the request arrives.
    const served = new WeakSet<object>();
    const answered: string[] = [];
    const server = createServer();
    server.on('request', (req: IncomingMessage) => {
      if (served.has(req.socket)) req.socket.destroy();
      served.add(req.socket);
    });
    const receiving = await endpoint((req, res) => {
      if (req.socket.destroyed) return;
      answered.push(String(req.headers['x-webhook-id']));
      answer(200, 'ok')(req, res);
    }, server);
    const sut = transport();
    const url = `http://127.0.0.1:${receiving.port}/hooks`;

    for (let i = 0; i < 4; i++) expect(await sut.send(aRequest(url, { deliveryId: `dlv_${i}` }))).toMatchObject({ ok: true });

    expect(answered).toEqual(['dlv_0', 'dlv_1', 'dlv_2', 'dlv_3']);
    // Pooled, cut off and sent again; pooled, cut off and sent again.
    expect(receiving.connections()).toBe(4);
  });

  it.skipIf(!hasOpenssl)('refuses an HTTPS endpoint whose certificate it cannot verify', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-tls-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-subj', '/CN=127.0.0.1', '-days', '1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    const server = await endpoint(answer(200), createHttpsServer({ key: await readFile(key), cert: await readFile(cert) }));

    expect(await transport().send(aRequest(`https://127.0.0.1:${server.port}/hooks`))).toMatchObject({
      ok: false, httpStatus: null, errorMessage: 'DEPTH_ZERO_SELF_SIGNED_CERT', responseBody: null,
    });
    expect(server.seen).toHaveLength(0);
  });

  describe('private network targets', () => {
    /** Names as an /etc/hosts file would give them, never the machine's own resolver. */
    const hosts = hostsTable({ 'hooks.test': '127.0.0.1', 'internal.test': '10.0.0.1', 'mixed.test': ['8.8.8.8', '127.0.0.1'] });
    const guarded = (targets: PrivateNetworkTargets) => transport(new OutboundGuard(targets, hosts));
    const blocked = { ok: false, httpStatus: null, responseBody: null, blockedAddress: true };

    it('refuses a name that resolves to a loopback address, sending nothing', async () => {
      const server = await endpoint(answer(200, 'internal secrets'));

      const response = await guarded(DENY_PRIVATE_NETWORKS).send(aRequest(`http://hooks.test:${server.port}/hooks`));

      expect(response).toMatchObject(blocked);
      expect(response.errorMessage).toMatch(/^blocked_address: hooks\.test resolves to .*127\.0\.0\.1 is a loopback address/);
      expect(server.seen).toHaveLength(0);
      expect(server.connections()).toBe(0);
    });

    it('reaches the same name when private networks are allowed', async () => {
      const server = await endpoint(answer(200, 'ok'));

      const response = await guarded({ kind: 'allow' }).send(aRequest(`http://hooks.test:${server.port}/hooks`));

      expect(response).toMatchObject({ ok: true, httpStatus: 200, responseBody: 'ok' });
      expect(server.seen).toHaveLength(1);
    });

    it('refuses a name when any of its addresses is refused', async () => {
      const response = await guarded(DENY_PRIVATE_NETWORKS).send(aRequest('http://mixed.test:9/hooks'));

      expect(response).toMatchObject(blocked);
    });

    it.each(['http://127.0.0.1:{port}/hooks', 'http://[::ffff:127.0.0.1]:{port}/hooks', 'http://localhost:{port}/hooks', 'https://127.0.0.1:{port}/hooks'])(
      'refuses %s as written, before connecting',
      async (template) => {
        const server = await endpoint(answer(200));
        const sut = new NodeHttpWebhookTransport(new OutboundGuard(DENY_PRIVATE_NETWORKS));
        cleanups.push(() => sut.close());

        const response = await sut.send(aRequest(template.replace('{port}', String(server.port))));

        expect(response).toMatchObject(blocked);
        expect(server.connections()).toBe(0);
      },
    );

    it('lets the ranges of an allow list through and refuses the rest', async () => {
      const server = await endpoint(answer(204));
      const sut = guarded({ kind: 'deny', except: ['127.0.0.0/8'] });

      expect(await sut.send(aRequest(`http://hooks.test:${server.port}/hooks`))).toMatchObject({ ok: true, httpStatus: 204 });
      expect(await sut.send(aRequest(`http://internal.test:${server.port}/hooks`))).toMatchObject({
        ...blocked,
        errorMessage: expect.stringContaining('10.0.0.1 is a private network address'),
      });
      expect(server.seen).toHaveLength(1);
    });

    it('does not follow a redirect, not even to an allowed address', async () => {
      const server = await endpoint((req, res) =>
        req.url === '/hooks' ? answer(307, 'moved', { Location: '/internal' })(req, res) : answer(200, 'internal')(req, res),
      );

      const response = await guarded({ kind: 'deny', except: ['127.0.0.0/8'] }).send(aRequest(`http://hooks.test:${server.port}/hooks`));

      expect(response).toMatchObject({ ok: false, httpStatus: 307, errorMessage: 'HTTP 307', responseBody: 'moved' });
      expect(server.seen).toHaveLength(1);
    });
  });
});
