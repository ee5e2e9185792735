import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ToolRequest, ToolResponse, ToolTransport } from '../../application/ports/tool-transport.js';
import { guardedAgents } from './guarded-agents.js';
import type { OutboundGuard } from './outbound-guard.js';
import { signWebhook } from './webhook-signature.js';

/** What the model gets of an answer at most: more would crowd its context. */
const RESPONSE_BODY_LIMIT = 8 * 1024;

const describe = (error: unknown): string => (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);

/**
 * Custom HTTP tools' requests, with Node's client over the guard's agents (the same SSRF rules
 * as webhooks, applied at connection time to every address a name resolves to) and the same
 * signature headers as webhook deliveries (`X-Webhook-Signature` over `"{timestamp}.{body}"`;
 * for a GET, the body signed is empty). One deadline covers the whole exchange. Redirects are
 * not followed.
 */
export class NodeHttpToolTransport implements ToolTransport {
  private readonly agents;

  constructor(guard: OutboundGuard) {
    this.agents = guardedAgents(guard, { keepAlive: true, maxSockets: 32, timeout: 4_000 });
  }

  send(request: ToolRequest): Promise<ToolResponse> {
    const started = performance.now();
    return new Promise<ToolResponse>((resolve) => {
      let settled = false;
      let current: ClientRequest | null = null;
      const settle = (answer: Omit<ToolResponse, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...answer, durationMs: Math.round(performance.now() - started) });
      };
      const timer = setTimeout(() => {
        settle({ outcome: 'timeout', httpStatus: null, body: null, errorMessage: `no answer within ${request.timeoutMs} ms` });
        current?.destroy();
      }, request.timeoutMs);
      try {
        const url = new URL(request.url);
        const body = request.body ?? '';
        const timestamp = String(Math.floor(Date.now() / 1000));
        const headers: Record<string, string | number> = {
          ...request.headers,
          'User-Agent': 'Switchboard-Tools/1',
          Accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
          'X-Webhook-ID': request.requestId,
          'X-Webhook-Timestamp': timestamp,
          'X-Webhook-Event': request.eventType,
          ...(request.secret !== null ? { 'X-Webhook-Signature': signWebhook(request.secret, timestamp, body) } : {}),
          ...(request.body !== null ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
        };
        const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: request.method, agent: this.agents.for(url), headers }, (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
            const ok = status >= 200 && status < 300;
            settle({ outcome: ok ? 'ok' : 'http_error', httpStatus: status, body: text, errorMessage: ok ? null : `HTTP ${status}` });
          };
          res.on('data', (chunk: Buffer) => {
            if (size >= RESPONSE_BODY_LIMIT) return;
            chunks.push(chunk);
            size += chunk.byteLength;
            if (size >= RESPONSE_BODY_LIMIT) {
              done();
              res.destroy();
            }
          });
          res.on('end', done);
          res.on('error', (error) => settle({ outcome: 'error', httpStatus: status, body: null, errorMessage: describe(error) }));
        });
        current = req;
        req.on('error', (error) => settle({ outcome: 'error', httpStatus: null, body: null, errorMessage: describe(error) }));
        req.end(request.body ?? undefined);
      } catch (error) {
        settle({ outcome: 'error', httpStatus: null, body: null, errorMessage: describe(error) });
      }
    });
  }

  async close(): Promise<void> {
    this.agents.destroy();
  }
}
