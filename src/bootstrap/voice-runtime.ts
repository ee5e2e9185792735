import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { EventBus } from '../application/ports/event-bus.js';
import type { VoiceSessionEngine } from '../application/voice/voice-session-engine.js';
import type { CallUseCases } from '../application/use-cases/call-use-cases.js';
import type { FailUnconnectedWebCalls } from '../application/use-cases/calls/fail-unconnected-web-calls.js';
import type { SimulatedCalls } from '../adapters/simulated/simulated-calls.js';

/** A WebSocket server of Switchboard's (ConversationRelay, simulated web calls). */
export interface WebSocketEndpoint {
  /** Takes an upgrade meant for it (true), else leaves the socket alone (false). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
}

/** The voice side of one Switchboard: live calls, their use cases and sockets. Started and closed with it. */
export interface VoiceRuntime {
  readonly calls: CallUseCases;
  readonly engine: VoiceSessionEngine;
  readonly eventBus: EventBus;
  /** The simulated carrier's calls (tests, console, browser page); null on another carrier. */
  readonly simulated: SimulatedCalls | null;
  /** Ends web calls no browser joined in time. */
  readonly unconnectedWebCalls: FailUnconnectedWebCalls;
  /** Takes a WebSocket upgrade meant for Switchboard (true), else leaves it alone (false). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}
