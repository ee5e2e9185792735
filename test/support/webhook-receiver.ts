import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogueWatch } from './outbound-events.js';

/** One request as the customer's endpoint saw it. */
export interface ReceivedWebhook {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly event: string;
  readonly contentType: string;
  readonly body: string;
  /** `performance.now()` when the body was complete. */
  readonly at: number;
}

/** A status to answer with, or `hang`: never answer (the sender's timeout or a kill ends it). */
export type Answer = number | 'hang';

export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedWebhook[];
  /** Answers given with a 2xx, by X-Webhook-ID. */
  readonly succeeded: Map<string, number>;
  close(): Promise<void>;
}

const header = (req: IncomingMessage, name: string): string => String(req.headers[name] ?? '');

/**
 * A local HTTP endpoint that records every webhook and answers as `answer` says. Every body must
 * be an event of the catalogue (see `catalogueWatch`): one that is not fails the test.
 */
export const startReceiver = async (
  answer: (request: ReceivedWebhook, index: number) => Answer = () => 200,
  port = 0,
): Promise<Receiver> => {
  const received: ReceivedWebhook[] = [];
  const succeeded = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const catalogue = catalogueWatch();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedWebhook = {
        id: header(req, 'x-webhook-id'),
        timestamp: header(req, 'x-webhook-timestamp'),
        signature: header(req, 'x-webhook-signature'),
        event: header(req, 'x-webhook-event'),
        contentType: header(req, 'content-type'),
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      received.push(request);
      catalogue.check(request.body);
      const status = answer(request, received.length - 1);
      if (status === 'hang') {
        hanging.add(res);
        return;
      }
      if (status >= 200 && status < 300) succeeded.set(request.id, (succeeded.get(request.id) ?? 0) + 1);
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    received,
    succeeded,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      catalogue.verify();
    },
  };
};

/** What a receiver does (README): HMAC of `{timestamp}.{body}`, compared in constant time. */
export const hasValidSignature = (secret: string, request: ReceivedWebhook): boolean => {
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${request.timestamp}.${request.body}`).digest('hex')}`,
  );
  const given = Buffer.from(request.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
