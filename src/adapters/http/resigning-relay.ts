import { createHmac } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';

/** Headers not passed on: the hop's own, and the signature, which is made again. */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'x-webhook-signature']);

const forwarded = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (HOP_HEADERS.has(name) || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]])));

/**
 * A server issues an agent's webhook secret itself, but a scenario's agent checks signatures
 * with the secret it was started with: this relay, on the runner's machine, takes the server's
 * webhook requests and passes them on signed with the scenario's secret (the same scheme:
 * `sha256=` HMAC of "{X-Webhook-Timestamp}.{body}"), streaming the agent's answer back.
 */
export class ResigningRelay {
  private readonly targets = new Map<string, { readonly url: URL; readonly secret: string }>();
  private server: Server | null = null;
  private base = '';
  private routes = 0;

  /** A URL of the relay's that reaches `url` signed with `secret`. */
  async route(url: string, secret: string): Promise<string> {
    if (this.server === null) await this.listen();
    const path = `/relay/${++this.routes}`;
    this.targets.set(path, { url: new URL(url), secret });
    return `${this.base}${path}`;
  }

  private async listen(): Promise<void> {
    const server = createServer((incoming, answer) => {
      const target = this.targets.get(incoming.url ?? '');
      if (!target) {
        answer.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        const timestamp = String(incoming.headers['x-webhook-timestamp'] ?? '');
        const signature = `sha256=${createHmac('sha256', target.secret).update(`${timestamp}.`).update(body).digest('hex')}`;
        const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
        const outgoing = send(target.url, { method: incoming.method, headers: { ...forwarded(incoming.headers), 'x-webhook-signature': signature, 'content-length': String(body.length) } }, (response) => {
          answer.writeHead(response.statusCode ?? 502, forwarded(response.headers));
          response.pipe(answer);
        });
        outgoing.on('error', () => answer.headersSent ? answer.destroy() : answer.writeHead(502).end());
        outgoing.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }
}
