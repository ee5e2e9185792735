import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../application/ports/webhook-transport.js';
import { guardedAgents } from './guarded-agents.js';
import { BlockedAddressError, type OutboundGuard } from './outbound-guard.js';
import { signWebhook } from './webhook-signature.js';

const RESPONSE_BODY_LIMIT = 1024;

/**
 * Keep-alive pools per origin. An idle socket is dropped after 4 s, before common servers drop
 * theirs (Node's default keepAliveTimeout is 5 s), so a send seldom meets a socket the other
 * side has just closed.
 */
const POOL = { keepAlive: true, maxSockets: 64, timeout: 4_000 };

/** How a pooled socket the server closed while idle fails when a request is written to it. */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

const describe = (error: unknown): string =>
  (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);

/**
 * Reads at most `limit` bytes of the answer for `done`. An answer that goes on past the limit is
 * let go: destroying an unfinished message closes its socket, so the pool never reuses one with
 * unread bytes on it. The rest is given until the next turn of the loop, by which the parser
 * has finished an answer that came in the same read, and that socket stays pooled.
 */
const readStart = (res: IncomingMessage, limit: number, done: (text: string) => void, failed: (error: Error) => void) => {
  const chunks: Buffer[] = [];
  let size = 0;
  const text = () => Buffer.concat(chunks).subarray(0, limit).toString('utf8');
  res.on('data', (chunk: Buffer) => {
    if (size >= limit) return;
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size < limit) return;
    done(text());
    setImmediate(() => {
      if (!res.complete) res.destroy();
    });
  });
  res.on('end', () => done(text()));
  res.on('error', failed);
};

/**
 * POSTs with Node's own HTTP client over keep-alive pools (one per scheme): it does far less
 * work per delivery than fetch, and that work is what bounds the dispatcher. Signed as docs/events.md says;
 * the timestamp is the sending moment, so each retry is signed anew. Redirects are not followed:
 * a 3xx is an answer like any other non-2xx. Every connection is one `guard` allowed; a refused
 * one is a failed attempt marked `blockedAddress`, with nothing sent.
 */
export class NodeHttpWebhookTransport implements WebhookTransport {
  private readonly pooled;
  /** One-off connections outside the pool, for the retry after a stale socket. */
  private readonly unpooled;

  constructor(guard: OutboundGuard) {
    this.pooled = guardedAgents(guard, POOL);
    this.unpooled = guardedAgents(guard, { keepAlive: false });
  }

  send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      let current: ClientRequest | null = null;
      const settle = (answer: Omit<WebhookResponse, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...answer, durationMs: elapsed() });
      };
      const fail = (errorMessage: string, blockedAddress = false) =>
        settle({ ok: false, httpStatus: null, errorMessage, responseBody: null, ...(blockedAddress ? { blockedAddress } : {}) });
      // One deadline for the whole exchange (connecting, a retry, the answer and its body).
      const timer = setTimeout(() => {
        fail(`timed out after ${request.timeoutMs} ms`);
        current?.destroy();
      }, request.timeoutMs);

      try {
        const url = new URL(request.url);
        const secure = url.protocol === 'https:';
        const timestamp = String(Math.floor(Date.now() / 1000));
        const headers = {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(request.body),
          'User-Agent': 'Switchboard-Webhooks/1',
          'X-Webhook-ID': request.deliveryId,
          'X-Webhook-Timestamp': timestamp,
          'X-Webhook-Signature': signWebhook(request.secret, timestamp, request.body),
          'X-Webhook-Event': request.eventType,
          ...(request.traceparent ? { traceparent: request.traceparent } : {}),
        };
        const attempt = (fresh: boolean) => {
          let answered = false;
          const req = (secure ? httpsRequest : httpRequest)(
            url,
            { method: 'POST', agent: (fresh ? this.unpooled : this.pooled).for(url), headers },
            (res) => {
              answered = true;
              const status = res.statusCode ?? 0;
              const ok = status >= 200 && status < 300;
              readStart(
                res,
                RESPONSE_BODY_LIMIT,
                (responseBody) => settle({ ok, httpStatus: status, errorMessage: ok ? null : `HTTP ${status}`, responseBody }),
                (error) => fail(describe(error)),
              );
            },
          );
          current = req;
          req.on('error', (error: NodeJS.ErrnoException) => {
            if (settled) return;
            // The server closed a pooled socket as we reused it and nothing came back: send once
            // more on a new connection. A delivery is idempotent by its X-Webhook-ID anyway.
            if (!fresh && !answered && req.reusedSocket && STALE_SOCKET_CODES.has(error.code ?? '')) return attempt(true);
            fail(describe(error), error instanceof BlockedAddressError);
          });
          req.end(request.body);
        };
        attempt(false);
      } catch (error) {
        // An unusable URL or header value, refused before anything is sent.
        fail(describe(error));
      }
    });
  }

  async close(): Promise<void> {
    this.pooled.destroy();
    this.unpooled.destroy();
  }
}
