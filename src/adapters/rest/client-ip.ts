import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The peer address of the TCP connection, from the Node socket. `X-Forwarded-For` is not
 * read: any client can send it. Behind a proxy every client shares the proxy's address.
 * Null when the app is not served by a Node `http` server (a Fetch-style host): then only
 * the per-address sign-up limit applies.
 */
export const clientIpOf = (c: Context): string | null => {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
};
