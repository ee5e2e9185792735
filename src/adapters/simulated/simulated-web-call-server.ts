import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as E from 'fp-ts/lib/Either.js';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Logger } from '../../application/ports/logger.js';
import type { RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';
import type { CallUseCases } from '../../application/use-cases/call-use-cases.js';
import { decodeCallerFrame, type CallerFrame } from './caller-frames.js';
import type { SimulatedCalls } from './simulated-calls.js';
import type { AgentEvent } from './simulated-call.js';
import type { SimulatedTelephony } from './simulated-telephony.js';

export const WEB_CALL_PATH = '/simulated/web-call';

export interface SimulatedWebCallServerOptions {
  readonly simulatedCalls: SimulatedCalls;
  readonly telephony: SimulatedTelephony;
  readonly calls: Pick<CallUseCases, 'answerInboundCall' | 'finishCall'>;
  readonly clock: { now(): Date };
  readonly logger: Logger;
  /**
   * Refused tokens each client may send per window (the API's failed-key counter: one policy for
   * every credential a client can guess); absent: not counted.
   */
  readonly failedTokens?: { readonly limiter: RateLimiter; readonly rule: RateRule; readonly clientOf: (request: IncomingMessage) => string | null };
}

const refuse = (socket: Duplex, status: string, headers = ''): void =>
  void socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n${headers}Content-Length: 0\r\n\r\n`);

const frameOf = (event: AgentEvent): object => {
  switch (event.type) {
    case 'text':
      return event;
    case 'sendDigits':
    case 'language':
    case 'voice':
      return event;
    case 'transfer':
      return { type: 'end', handoffData: JSON.stringify({ reason: 'transfer', to: event.to }) };
    case 'hangup':
      return { type: 'end', handoffData: JSON.stringify({ reason: 'hangup' }) };
  }
};

/**
 * Web calls on the simulated carrier: the browser (or a test) opens
 * `/simulated/web-call?token=…` with the token of POST /v1/calls/web within its 30 seconds.
 * Frames mirror ConversationRelay: `prompt`, `interrupt`, `dtmf` in; `text`, `sendDigits` and
 * `end` out (the greeting first, as the carrier speaks it).
 */
export class SimulatedWebCallServer {
  // A caller's frame is a sentence; a larger one is closed with 1009 before it is buffered whole.
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 64 * 1024 });
  private readonly log: Logger;

  constructor(private readonly options: SimulatedWebCallServerOptions) {
    this.log = options.logger.child({ component: 'simulated-web-call' });
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.endsWith(WEB_CALL_PATH)) return false;
    this.admit(request, socket, head, url.searchParams.get('token') ?? '').catch((error: unknown) => {
      this.log.error({ err: String(error) }, 'web call upgrade failed');
      refuse(socket, '503 Service Unavailable');
    });
    return true;
  }

  /** The token's call, once the client's failures are not spent; a wrong token counts against it. */
  private async admit(request: IncomingMessage, socket: Duplex, head: Buffer, token: string): Promise<void> {
    const { failedTokens } = this.options;
    const client = failedTokens?.clientOf(request) ?? null;
    const key = client === null ? null : `ip:${client}`;
    if (failedTokens && key) {
      const open = await failedTokens.limiter.peek(key, failedTokens.rule);
      if (!open.allowed) return refuse(socket, '429 Too Many Requests', `Retry-After: ${open.retryAfterSeconds}\r\n`);
    }
    const claims = this.options.telephony.webCallTokens.verify(token, this.options.clock.now());
    if (!claims) {
      if (failedTokens && key) await failedTokens.limiter.consume(key, failedTokens.rule);
      return refuse(socket, '401 Unauthorized');
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => void this.connect(ws, claims.callId));
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private async connect(ws: WebSocket, callId: string): Promise<void> {
    const early: CallerFrame[] = [];
    let ready = false;
    let closed = false;
    const { simulatedCalls } = this.options;
    const handle = (frame: CallerFrame) => {
      if (frame.type === 'prompt' && frame.last !== false) simulatedCalls.sayAsCaller(callId, frame.voicePrompt);
      else if (frame.type === 'interrupt') simulatedCalls.interrupt(callId, frame.utteranceUntilInterrupt ?? '');
      else if (frame.type === 'dtmf') simulatedCalls.pressDigit(callId, frame.digit);
    };
    ws.on('message', (data: RawData) => {
      const decoded = decodeCallerFrame(data.toString());
      if (E.isLeft(decoded)) {
        this.log.warn({ callId, reason: decoded.left }, 'web call frame ignored');
        return;
      }
      if (ready) handle(decoded.right);
      else early.push(decoded.right);
    });
    ws.on('close', () => {
      closed = true;
      if (ready) this.hangUp(callId);
    });
    // A frame ws refuses (over maxPayload, bad opcode) arrives here, and ws closes the socket itself;
    // without a listener the error would be thrown out of the process.
    ws.on('error', (error) => this.log.warn({ callId, err: error.message }, 'web call socket error'));

    const joined = await this.options.calls.answerInboundCall.execute({ to: 'web', from: `client:${callId}`, providerCallId: `WEBSIM${callId}`, webCallId: callId })();
    const connected = E.isRight(joined)
      ? await simulatedCalls.connect(joined.right.call, (event) => {
          if (ws.readyState !== WebSocket.OPEN) return;
          ws.send(JSON.stringify(frameOf(event)));
          if (event.type === 'transfer' || event.type === 'hangup') ws.close(1000);
        })
      : joined;
    if (E.isLeft(connected)) {
      this.log.warn({ callId, reason: connected.left._tag }, 'web call refused');
      ws.close(1008, 'call not available');
      return;
    }
    ready = true;
    for (const frame of early) handle(frame);
    if (closed) this.hangUp(callId);
  }

  private hangUp(callId: string): void {
    this.options.simulatedCalls
      .hangUp(callId)
      .catch((error: unknown) => this.log.error({ callId, err: String(error) }, 'could not record the end of a web call'));
  }
}
