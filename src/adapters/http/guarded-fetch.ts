import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import type { OutboundGuard } from './outbound-guard.js';

const bare = (host: string): string => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** A WHATWG `fetch` whose every connection the guard allowed, and the way to close its connections. */
export interface GuardedFetch {
  readonly fetch: (url: string | URL, init?: RequestInit) => Promise<Response>;
  close(): Promise<void>;
}

/**
 * `fetch` for clients that take one (the MCP SDK's transport) under the same rules as webhooks:
 * a host name is resolved by the guard and each of its addresses judged; an IP address, which
 * is connected to without a lookup, is judged before connecting. Redirects go through the same
 * connector, so a hop cannot reach what the first request could not.
 */
export const guardedFetch = (guard: OutboundGuard): GuardedFetch => {
  const connector = buildConnector({ lookup: guard.lookup });
  const dispatcher = new Agent({
    connect: (options, callback) => {
      const refused = guard.refusalOfConnection(bare(options.hostname));
      if (refused) return callback(refused, null);
      return connector(options, callback);
    },
  });
  return {
    fetch: async (url, init) => {
      const answer = await undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
      return answer as Response;
    },
    close: () => dispatcher.close(),
  };
};
