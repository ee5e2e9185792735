import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../application/ports/webhook-transport.js';
import { signWebhook } from './webhook-signature.js';

const RESPONSE_BODY_LIMIT = 1024;

/** Reads at most `limit` bytes of the answer, then lets go of the rest. */
const startOf = async (response: Response, limit: number): Promise<string> => {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (size >= limit) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
};

const describe = (error: unknown, timeoutMs: number): string => {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
};

/**
 * POSTs with the runtime's fetch (undici: pooled keep-alive connections per origin), signed
 * as the wire spec says. The timestamp is the sending moment, so each retry is signed anew.
 */
export class FetchWebhookTransport implements WebhookTransport {
  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Switchboard-Webhooks/1',
          'X-Webhook-ID': request.deliveryId,
          'X-Webhook-Timestamp': timestamp,
          'X-Webhook-Signature': signWebhook(request.secret, timestamp, request.body),
          'X-Webhook-Event': request.eventType,
        },
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(request.timeoutMs),
      });
      const responseBody = await startOf(response, RESPONSE_BODY_LIMIT);
      const ok = response.status >= 200 && response.status < 300;
      return {
        ok,
        httpStatus: response.status,
        errorMessage: ok ? null : `HTTP ${response.status}`,
        responseBody,
        durationMs: elapsed(),
      };
    } catch (error) {
      return { ok: false, httpStatus: null, errorMessage: describe(error, request.timeoutMs), responseBody: null, durationMs: elapsed() };
    }
  }
}
