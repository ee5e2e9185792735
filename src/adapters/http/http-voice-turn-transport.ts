import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AsyncQueue } from '../../application/kernel/async-queue.js';
import type { VoiceAnswerPart, VoiceTurnRequest, VoiceTurnResponse, VoiceTurnTransport } from '../../application/ports/voice-turn-transport.js';
import { guardedAgents } from './guarded-agents.js';
import type { OutboundGuard } from './outbound-guard.js';
import { answerPartOf } from './voice-answer.js';
import { signWebhook } from './webhook-signature.js';

const isStreamed = (contentType: string | undefined): boolean => /ndjson|jsonl|json-seq|x-json-stream/i.test(contentType ?? '');

/**
 * Voice turns over Node's own HTTP client with keep-alive pools (one per scheme): the lowest
 * overhead per request on the voice loop. Signed as every delivery (`signWebhook`). An NDJSON
 * answer is handed on line by line as it arrives; any other body once complete (a JSON object,
 * or lines of JSON if that is what came). Each piece is decoded here (`answerPartOf`), so the
 * brain only sees actions, or that a piece was unreadable. Every connection is one `guard`
 * allowed: a refused one rejects with its `BlockedAddressError` before anything is sent.
 */
export class HttpVoiceTurnTransport implements VoiceTurnTransport {
  private readonly agents;

  /** `tls`: more trusted authorities (a local receiver's certificate, in benches and tests). */
  constructor(guard: OutboundGuard, tls: { readonly ca?: string | Buffer } = {}) {
    this.agents = guardedAgents(guard, { keepAlive: true, ...tls });
  }

  warmUp(url: string): Promise<void> {
    return this.agents.warmUp(url);
  }

  postVoiceTurn(request: VoiceTurnRequest): Promise<VoiceTurnResponse> {
    return new Promise<VoiceTurnResponse>((resolve, reject) => {
      if (request.signal.aborted) return reject(request.signal.reason);
      const url = new URL(request.url);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const secure = url.protocol === 'https:';
      const send = secure ? httpsRequest : httpRequest;
      let queue: AsyncQueue<VoiceAnswerPart> | null = null;
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
            ...(request.traceparent ? { traceparent: request.traceparent } : {}),
          },
        },
        (res) => {
          queue = new AsyncQueue<VoiceAnswerPart>();
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

const readAnswer = (res: IncomingMessage, queue: AsyncQueue<VoiceAnswerPart>): void => {
  const push = (part: VoiceAnswerPart | null) => {
    if (part) queue.push(part);
  };
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
      push(answerPartOf(buffer.slice(0, newline)));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  });
  res.on('end', () => {
    const whole = answerPartOf(buffer);
    // A body that is not one JSON value may still be lines of JSON, whatever its content type.
    if (!streamed && whole?.kind === 'unreadable' && buffer.trim().includes('\n')) for (const line of buffer.split('\n')) push(answerPartOf(line));
    else push(whole);
    queue.end();
  });
  res.on('error', (error) => queue.fail(error));
  res.on('aborted', () => queue.fail(new Error('the answer was cut off')));
};
