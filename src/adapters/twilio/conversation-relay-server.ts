import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as E from 'fp-ts/lib/Either.js';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Logger } from '../../application/ports/logger.js';
import type { Farewell, VoiceGateway, WarmTransfer } from '../../application/ports/voice-gateway.js';
import { TRANSFER_RETURN_LINE } from '../../domain/call-behaviour.js';
import type { VoiceSession } from '../../application/voice/voice-session.js';
import type { Resume, VoiceSessionEngine } from '../../application/voice/voice-session-engine.js';
import { decodeRelayFrame, type RelayFrame } from './conversation-relay-frames.js';
import type { Handoff } from './twilio-voice-routes.js';
import { verifyTwilioWebSocketSignature } from './twilio-signature.js';
import { HAND_OVER_PARAM } from './twilio-call-relocation.js';

export const RELAY_PATH = '/twilio/relay';

/** WebSocket close code 1008: the socket broke a rule (here: a second socket for a call). */
const POLICY_VIOLATION = 1008;

/** `https://host/base` → `wss://host/base` (`http` → `ws`, for local set-ups only: Twilio needs wss). */
export const webSocketBase = (publicUrl: string): string => publicUrl.replace(/\/+$/, '').replace(/^http/, 'ws');

/** The socket URL ConversationRelay opens for a call, exactly as it will be signed. */
export const relayUrlFor = (publicUrl: string, callId: string): string =>
  `${webSocketBase(publicUrl)}${RELAY_PATH}?callId=${encodeURIComponent(callId)}`;

const attemptOf = (raw: string | null): number | null => {
  const attempt = Number(raw ?? '');
  return Number.isSafeInteger(attempt) && attempt > 0 ? attempt : null;
};

/**
 * What a signed relay URL says of the session it opens: the caller's return after a warm transfer
 * nobody took (`resume`), or the call handed over by a stopping node (`handover`), each naming its
 * attempt; neither: the call's first session.
 */
const resumeOf = (query: URLSearchParams): Resume | undefined => {
  const handedOver = attemptOf(query.get(HAND_OVER_PARAM));
  if (handedOver !== null) return { attempt: handedOver, handedOver: true };
  const returned = attemptOf(query.get('resume'));
  return returned !== null ? { attempt: returned, said: TRANSFER_RETURN_LINE } : undefined;
};

/** The agent's actions as ConversationRelay frames. */
class RelayGateway implements VoiceGateway {
  constructor(private readonly socket: WebSocket) {}

  speak(text: string, last: boolean): void {
    this.send({ type: 'text', token: text, last });
  }

  pressDigits(digits: string): void {
    this.send({ type: 'sendDigits', digits });
  }

  switchLanguage(language: string): void {
    this.send({ type: 'language', ttsLanguage: language, transcriptionLanguage: language });
  }

  /** The relay switches by language code only: to the voice the answer's TwiML declared for it (see declaredLanguages). */
  switchVoice(_voice: string, language: string): void {
    this.switchLanguage(language);
  }

  transfer(to: string, warm?: WarmTransfer): void {
    this.end(warm ? { reason: 'transfer', to, mode: 'warm', summary: warm.summary, timeoutSeconds: warm.timeoutSeconds } : { reason: 'transfer', to });
  }

  hangUp(farewell?: Farewell): void {
    this.end(farewell ? { reason: 'hangup', why: farewell.reason, ...(farewell.say ? { say: farewell.say } : {}) } : { reason: 'hangup' });
  }

  disconnect(): void {
    this.end({ reason: 'hangup' });
  }

  private end(handoff: Handoff): void {
    this.send({ type: 'end', handoffData: JSON.stringify(handoff) });
  }

  private send(frame: object): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }
}

export interface ConversationRelayServerOptions {
  readonly engine: VoiceSessionEngine;
  readonly authToken: string;
  /** `PUBLIC_URL`, base path included: relay URLs were built from it. */
  readonly publicUrl: string;
  readonly logger: Logger;
}

/**
 * The ConversationRelay WebSocket (`/twilio/relay?callId=…`): one socket per call, opened by
 * Twilio with `X-Twilio-Signature` over the full `wss://` URL. The signature does not expire,
 * so a second socket for the same call (a replayed URL) is closed with 1008 and the first
 * keeps the call, on whichever node it is. Caller frames (`prompt`,
 * `interrupt`, `dtmf`) drive the call's voice session; the agent answers with `text` tokens,
 * `sendDigits` and `end` (hand-off data for a transfer or hang-up).
 */
export class ConversationRelayServer {
  // ConversationRelay's frames are a few hundred bytes; anything near this is not Twilio's (closed with 1009).
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 64 * 1024 });
  private readonly log: Logger;

  constructor(private readonly options: ConversationRelayServerOptions) {
    this.log = options.logger.child({ component: 'conversation-relay' });
  }

  /** Takes the upgrade when it is for the relay path (true), else leaves it (false). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.endsWith(RELAY_PATH)) return false;
    const signedUrl = `${webSocketBase(this.options.publicUrl)}${RELAY_PATH}${url.search}`;
    const signature = request.headers['x-twilio-signature'];
    if (!verifyTwilioWebSocketSignature({ authToken: this.options.authToken, url: signedUrl, signature: typeof signature === 'string' ? signature : null })) {
      this.log.warn({ path: url.pathname }, 'relay socket refused: invalid Twilio signature');
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    const callId = url.searchParams.get('callId') ?? '';
    this.wss.handleUpgrade(request, socket, head, (ws) => this.connect(ws, callId, resumeOf(url.searchParams)));
    return true;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private connect(ws: WebSocket, callId: string, resume?: Resume): void {
    const gateway = new RelayGateway(ws);
    let session: VoiceSession | null = null;
    let early: RelayFrame[] | null = [];
    let closed = false;
    const handle = (frame: RelayFrame, receivedAt: number) => {
      if (!session) return;
      switch (frame.type) {
        case 'prompt':
          if (frame.last !== false) session.callerSaid(frame.voicePrompt, null, receivedAt, frame.lang?.slice(0, 35) || null);
          return;
        case 'interrupt':
          session.callerInterrupted(frame.utteranceUntilInterrupt ?? '');
          return;
        case 'dtmf':
          session.callerPressed(frame.digit);
          return;
        case 'error':
          this.log.warn({ callId, error: frame.description }, 'ConversationRelay reported an error');
          return;
        case 'info':
          // speaker-events: when the agent's audio really stopped, and when the caller starts talking.
          if (frame.name === 'agentSpeaking' && frame.value === 'off') session.agentStoppedSpeaking();
          else if (frame.name === 'clientSpeaking' && frame.value === 'on') session.callerStartedSpeaking();
          return;
        default: // setup
          return;
      }
    };
    ws.on('message', (data: RawData) => {
      const receivedAt = performance.now();
      const decoded = decodeRelayFrame(data.toString());
      if (E.isLeft(decoded)) {
        // Never fatal: one bad frame must not end a caller's call.
        if (decoded.left.kind === 'unknown') this.log.info({ callId, reason: decoded.left.reason }, 'ConversationRelay frame of an unknown type ignored');
        else this.log.warn({ callId, reason: decoded.left.reason }, 'malformed ConversationRelay frame ignored');
        return;
      }
      if (early) early.push(decoded.right);
      else handle(decoded.right, receivedAt);
    });
    ws.on('close', () => {
      closed = true;
      session?.callerHungUp();
    });
    ws.on('error', (error) => this.log.warn({ callId, err: error.message }, 'relay socket error'));
    void this.options.engine.open(callId, gateway, resume).then(
      (opened) => {
        if (E.isLeft(opened) && opened.left._tag === 'MediaTaken') {
          // A replayed signed URL: the call's own socket keeps it, this one hears nothing.
          this.log.warn({ callId }, 'relay socket refused: the call already had one');
          ws.close(POLICY_VIOLATION, 'call already connected');
          return;
        }
        if (E.isLeft(opened)) {
          this.log.warn({ callId, reason: opened.left._tag }, 'relay socket for no live call; ending it');
          gateway.hangUp();
          ws.close(1000);
          return;
        }
        session = opened.right;
        const pending = early ?? [];
        early = null;
        for (const frame of pending) handle(frame, performance.now());
        if (closed) session.callerHungUp();
      },
      (error: unknown) => {
        this.log.error({ callId, err: String(error) }, 'could not open the voice session');
        ws.close(1011);
      },
    );
  }
}
