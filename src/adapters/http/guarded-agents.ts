import { Agent as HttpAgent, type AgentOptions, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';
import type { OutboundGuard } from './outbound-guard.js';
import { WarmConnections } from './warm-connections.js';

type Created = (err: Error | null, stream: Duplex) => void;

/**
 * Opens a connection only where the guard allows. A host name goes through the guard's lookup;
 * an IP address never reaches a lookup (Node connects to it straight away), so it is judged
 * before connecting. A refusal fails the request with the guard's error.
 */
const guardedConnect = (
  guard: OutboundGuard,
  options: ClientRequestArgs,
  callback: Created | undefined,
  connect: () => Duplex | null | undefined,
): Duplex | null | undefined => {
  const refused = guard.refusalOfConnection(options.host ?? options.hostname ?? '');
  if (!refused) return connect();
  // The agent always passes a callback; a caller that does not gets the error thrown instead.
  if (!callback) throw refused;
  process.nextTick(() => callback(refused, undefined as unknown as Duplex));
  return undefined;
};

/** An agent whose connections the guard allowed, and which may open one ahead of its first request. */
interface WarmableAgent {
  /** Connections opened ahead, handed to the first requests that need one for their server. */
  readonly warm: WarmConnections;
}

class GuardedHttpAgent extends HttpAgent implements WarmableAgent {
  readonly warm: WarmConnections;

  constructor(
    private readonly guard: OutboundGuard,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guard.lookup });
    this.warm = new WarmConnections('http:', { ...options, lookup: guard.lookup }, (o, done) => guardedConnect(guard, o, done, () => super.createConnection(o, done)));
  }

  override createConnection(options: ClientRequestArgs, callback?: Created): Duplex | null | undefined {
    return this.warm.take(options) ?? guardedConnect(this.guard, options, callback, () => super.createConnection(options, callback));
  }
}

class GuardedHttpsAgent extends HttpsAgent implements WarmableAgent {
  readonly warm: WarmConnections;

  constructor(
    private readonly guard: OutboundGuard,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guard.lookup });
    this.warm = new WarmConnections('https:', { ...options, lookup: guard.lookup }, (o, done) => guardedConnect(guard, o, done, () => super.createConnection(o, done)));
  }

  override createConnection(options: ClientRequestArgs, callback?: Created): Duplex | null | undefined {
    return this.warm.take(options) ?? guardedConnect(this.guard, options, callback, () => super.createConnection(options, callback));
  }
}

export interface GuardedAgents {
  readonly http: HttpAgent;
  readonly https: HttpsAgent;
  /** The agent for a URL's scheme. */
  for(url: URL): HttpAgent;
  /** Opens a connection to the URL's server (TLS handshake done) for the next request there; never rejects. */
  warmUp(url: string): Promise<void>;
  destroy(): void;
}

/**
 * An HTTP and an HTTPS agent (pooling as `options` says) whose every connection the guard
 * allowed: what each request to a customer's URL goes through (webhooks, test sends, voice
 * turns, custom HTTP tools).
 */
export const guardedAgents = (guard: OutboundGuard, options: AgentOptions): GuardedAgents => {
  const http = new GuardedHttpAgent(guard, options);
  const https = new GuardedHttpsAgent(guard, options);
  return {
    http,
    https,
    for: (url) => (url.protocol === 'https:' ? https : http),
    warmUp: async (url) => {
      const target = URL.canParse(url) ? new URL(url) : null;
      if (target?.protocol === 'https:') await https.warm.open(target);
      else if (target?.protocol === 'http:') await http.warm.open(target);
    },
    destroy: () => {
      http.warm.destroy();
      https.warm.destroy();
      http.destroy();
      https.destroy();
    },
  };
};
