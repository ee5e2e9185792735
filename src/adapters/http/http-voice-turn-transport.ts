import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AsyncQueue } from '../../application/services/async-queue.js';
import type { VoiceTurnRequest, VoiceTurnResponse, VoiceTurnTransport } from '../../application/ports/voice-turn-transport.js';
import { guardedAgents } from './guarded-agents.js';
import type { OutboundGuard } from './outbound-guard.js';
import { signWebhook } from './webhook-signature.js';

const isStreamed = (contentType: string | undefined): boolean => /ndjson|jsonl|json-seq|x-json-stream/i.test(contentType ?? '');

const parsed = (line: string): { ok: true; value: unknown } | { ok: false } => {
  const text = line.trim();
  if (text === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/**
 * Voice turns over Node's own HTTP client with keep-alive pools (one per scheme): the lowest
 * overhead per request on the voice loop. Signed as every delivery (`signWebhook`). An NDJSON
 * answer is handed on line by line as it arrives; any other body once complete (a JSON object,
 * or lines of JSON if that is what came). Every connection is one `guard` allowed: a refused one
 * rejects with its `BlockedAddressError` before anything is sent.
 */
export class HttpVoiceTurnTransport implements VoiceTurnTransport {
  private readonly agents;

  constructor(guard: OutboundGuard) {
    this.agents = guardedAgents(guard, { keepAlive: true });
  }

  postVoiceTurn(request: VoiceTurnRequest): Promise<VoiceTurnResponse> {
    return new Promise<VoiceTurnResponse>((resolve, reject) => {
      if (request.signal.aborted) return reject(request.signal.reason);
      const url = new URL(request.url);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const secure = url.protocol === 'https:';
      const send = secure ? httpsRequest : httpRequest;
      let queue: AsyncQueue<unknown> | null = null;
      const onAbort = () => {
        req.destroy();
        if (queue) queue.fail(request.signal.reason);
        else reject(request.signal.reason);
      };
      const req = send(
        url,
        {
          method: 'POST',
          agent: this.agents.for(url),
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(request.body),
            Accept: 'application/x-ndjson, application/json',
            'User-Agent': 'Switchboard-Webhooks/1',
            'X-Webhook-ID': request.deliveryId,
            'X-Webhook-Timestamp': timestamp,
            'X-Webhook-Signature': signWebhook(request.secret, timestamp, request.body),
            'X-Webhook-Event': request.eventType,
          },
        },
        (res) => {
          queue = new AsyncQueue<unknown>();
          readAnswer(res, queue);
          const chunks = queue;
          resolve({
            httpStatus: res.statusCode ?? 0,
            chunks: {
              [Symbol.asyncIterator]: () => {
                const it = chunks[Symbol.asyncIterator]();
                return {
                  next: () => it.next(),
                  return: () => {
                    if (!res.complete) req.destroy();
                    request.signal.removeEventListener('abort', onAbort);
                    return it.return!();
                  },
                };
              },
            },
          });
        },
      );
      request.signal.addEventListener('abort', onAbort, { once: true });
      req.on('error', (error) => {
        request.signal.removeEventListener('abort', onAbort);
        if (queue) queue.fail(error);
        else reject(error);
      });
      req.on('close', () => request.signal.removeEventListener('abort', onAbort));
      req.end(request.body);
    });
  }

  async close(): Promise<void> {
    this.agents.destroy();
  }
}

const readAnswer = (res: IncomingMessage, queue: AsyncQueue<unknown>): void => {
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    res.resume();
    queue.end();
    return;
  }
  const streamed = isStreamed(res.headers['content-type']);
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (text: string) => {
    buffer += text;
    if (!streamed) return;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = parsed(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      if (line.ok) queue.push(line.value);
      newline = buffer.indexOf('\n');
    }
  });
  res.on('end', () => {
    const whole = parsed(buffer);
    if (whole.ok) queue.push(whole.value);
    else if (!streamed) for (const line of buffer.split('\n').map(parsed)) if (line.ok) queue.push(line.value);
    queue.end();
  });
  res.on('error', (error) => queue.fail(error));
  res.on('aborted', () => queue.fail(new Error('the answer was cut off')));
};
