import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The status logged for a request whose client went away before it was read whole (nginx's "client
 * closed request"): no one reads the answer, and it is the client's doing, not a defect to page on.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * True when the client dropped the connection before its request was read whole. Node's request
 * (the adapter's `env.incoming`) says so itself; a Fetch `Request` from a host says so by its signal.
 */
export const clientAborted = (c: Context): boolean => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming.readableAborted || (incoming.destroyed && !incoming.complete);
  return c.req.raw.signal?.aborted === true;
};
