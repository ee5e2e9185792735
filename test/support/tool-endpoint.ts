import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './eventually.js';

/** One request a custom HTTP tool sent. */
export interface ToolCallReceived {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly raw: string;
}

/** What to answer: a status and a body, or `hang` (never answer). */
export type ToolAnswer = { readonly status: number; readonly body?: unknown; readonly contentType?: string } | 'hang';

/**
 * The customer's API behind custom HTTP tools: records every request (method, path, headers,
 * raw body) and answers as `answer` says. Unlike the webhook receivers, it takes any body.
 */
export class ToolEndpoint {
  readonly received: ToolCallReceived[] = [];
  answer: (request: ToolCallReceived) => ToolAnswer | Promise<ToolAnswer> = () => ({ status: 200, body: { ok: true } });
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  url = '';

  static async start(): Promise<ToolEndpoint> {
    const endpoint = new ToolEndpoint();
    endpoint.server = createServer((req, res) => void endpoint.serve(req, res));
    await new Promise<void>((resolve) => endpoint.server!.listen(0, '127.0.0.1', resolve));
    endpoint.url = `http://127.0.0.1:${(endpoint.server.address() as AddressInfo).port}`;
    return endpoint;
  }

  /** Resolves once `count` requests have arrived. */
  receivedCount(count: number): Promise<ToolCallReceived> {
    return eventually(() => this.received[count - 1], { what: () => `${count} tool requests; ${this.received.length} arrived` });
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ToolCallReceived = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') };
    this.received.push(request);
    const answer = await this.answer(request);
    if (answer === 'hang') {
      this.hanging.add(res);
      return;
    }
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
    res.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/json' }).end(body);
  }
}

/** Whether a tool request carries a valid `X-Webhook-Signature` for `secret`, over its raw body. */
export const toolRequestSignedWith = (request: ToolCallReceived, secret: string): boolean => {
  const timestamp = String(request.headers['x-webhook-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.raw}`).digest('hex')}`;
  return request.headers['x-webhook-signature'] === expected;
};
