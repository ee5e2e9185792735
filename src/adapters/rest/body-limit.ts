import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { envelopeOf, payloadTooLarge } from './error-envelope.js';

const concat = (chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> => {
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
};

/**
 * The Content-Length of a request served by Node (the adapter's `env.incoming`), when the body is
 * not chunked: Node's parser hands over no more body than that, whatever the sender writes after
 * it. Null for anything else (a Fetch `Request` from a host may declare a length its body does not
 * keep, and a chunked body declares none).
 */
const boundedByNode = (env: unknown): number | null => {
  const headers = (env as { incoming?: IncomingMessage } | undefined)?.incoming?.headers;
  if (!headers || headers['transfer-encoding'] !== undefined || headers['content-length'] === undefined) return null;
  const declared = Number(headers['content-length']);
  return Number.isFinite(declared) ? declared : null;
};

/**
 * Refuses a request body over `limitBytes` with 413 in the error envelope, for every route after
 * it (REST, sign-up, Twilio's webhooks, the admin console). A declared Content-Length over the
 * limit is refused before any of the body is read; otherwise the body is read only up to the
 * limit, because a Fetch `Request` may declare a length its body does not keep, and a chunked
 * one declares none. The rest is never read here: the Node adapter drains or drops it.
 */
export const bodyLimit =
  (limitBytes: number): MiddlewareHandler =>
  async (c, next) => {
    // No route reads the body of a GET or a HEAD. Asking the Fetch request for its body would
    // build the whole Request from Node's (the Node adapter makes it only when asked): skipped.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A body Node bounds by a length within the limit is left for the route to read, through the
    // adapter's direct read of Node's stream rather than a Fetch Request built here and again below.
    const declared = boundedByNode(c.env);
    if (declared !== null && declared <= limitBytes) return next();
    const request = c.req.raw;
    if (!request.body) return next();
    const tooLarge = () => c.json(envelopeOf(payloadTooLarge(limitBytes)), 413);
    if (Number(request.headers.get('content-length')) > limitBytes) return tooLarge();
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) return tooLarge();
      chunks.push(value);
    }
    c.req.raw = new Request(request, { body: concat(chunks, size) });
    return next();
  };
