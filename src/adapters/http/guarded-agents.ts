import { Agent as HttpAgent, type AgentOptions, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';
import type { OutboundGuard } from './outbound-guard.js';

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

class GuardedHttpAgent extends HttpAgent {
  constructor(
    private readonly guard: OutboundGuard,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guard.lookup });
  }

  override createConnection(options: ClientRequestArgs, callback?: Created): Duplex | null | undefined {
    return guardedConnect(this.guard, options, callback, () => super.createConnection(options, callback));
  }
}

class GuardedHttpsAgent extends HttpsAgent {
  constructor(
    private readonly guard: OutboundGuard,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guard.lookup });
  }

  override createConnection(options: ClientRequestArgs, callback?: Created): Duplex | null | undefined {
    return guardedConnect(this.guard, options, callback, () => super.createConnection(options, callback));
  }
}

export interface GuardedAgents {
  readonly http: HttpAgent;
  readonly https: HttpsAgent;
  /** The agent for a URL's scheme. */
  for(url: URL): HttpAgent;
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
    destroy: () => {
      http.destroy();
      https.destroy();
    },
  };
};
