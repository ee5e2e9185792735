import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { ADMIN_TOKEN_FILE } from './data-dir-files.js';

/** Where a running Switchboard's admin console is, and its bearer token. */
export interface AdminEndpoint {
  readonly url: string;
  readonly token: string;
}

const GraphqlError = t.intersection([t.type({ message: t.string }), t.partial({ extensions: t.partial({ code: t.string }) })]);
const GraphqlReply = t.partial({ data: t.unknown, errors: t.array(GraphqlError) });

/** A GraphQL error the server answered with, its code (`CONFLICT`, `PHONE_NUMBER_NOT_FOUND`…) kept. */
export class AdminGraphqlError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(code ? `${message} (${code})` : message);
    this.name = 'AdminGraphqlError';
  }
}

const unreachable = (url: string, error: unknown): Error =>
  new Error(
    `no Switchboard answers at ${url} (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}): ` +
      'start it (npm start), or pass --url',
  );

/**
 * The admin token a command uses: `--admin-token`, else ADMIN_TOKEN, else the one the server
 * keeps in its data directory (`--data-dir`, else DATA_DIR, else ./.switchboard).
 */
export const findAdminToken = async (
  given: { readonly adminToken?: string; readonly dataDir?: string },
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> => {
  const direct = given.adminToken?.trim() || env.ADMIN_TOKEN?.trim();
  if (direct) return direct;
  const file = join(given.dataDir ?? env.DATA_DIR?.trim() ?? './.switchboard', ADMIN_TOKEN_FILE);
  const kept = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (kept === '') throw new Error(`no admin token: pass --admin-token, set ADMIN_TOKEN, or point --data-dir at the server's DATA_DIR (read ${file})`);
  return kept;
};

/** The server a command talks to: `--url`, else SWITCHBOARD_URL, else HOST and PORT as `serve` reads them. */
export const findServerUrl = (given: { readonly url?: string }, env: Readonly<Record<string, string | undefined>>): string => {
  const url = given.url?.trim() || env.SWITCHBOARD_URL?.trim();
  if (url) return url.replace(/\/+$/, '');
  const host = env.HOST?.trim() || '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT?.trim() || '3000'}`;
};

const errorOf = (reply: t.TypeOf<typeof GraphqlReply>, status: number): AdminGraphqlError | null => {
  const first = reply.errors?.[0];
  if (first) return new AdminGraphqlError(first.message, first.extensions?.code ?? null);
  return status >= 400 ? new AdminGraphqlError(`HTTP ${status}`, null) : null;
};

/** One query or mutation; the `data` it answers, decoded with `codec`. */
export const adminGraphql = async <A>(
  endpoint: AdminEndpoint,
  query: string,
  variables: Record<string, unknown>,
  codec: t.Decoder<unknown, A>,
): Promise<A> => {
  const response = await fetch(`${endpoint.url}/admin/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  }).catch((error: unknown) => {
    throw unreachable(endpoint.url, error);
  });
  const body: unknown = await response.json().catch(() => ({}));
  const reply = GraphqlReply.decode(body);
  if (E.isLeft(reply)) throw new AdminGraphqlError(`unexpected answer from ${endpoint.url}/admin/graphql`, null);
  const failed = errorOf(reply.right, response.status);
  if (failed) throw failed;
  const data = codec.decode(reply.right.data);
  if (E.isLeft(data)) throw new AdminGraphqlError(`unexpected data from ${endpoint.url}/admin/graphql`, null);
  return data.right;
};

/**
 * A subscription over Server-Sent Events (graphql-yoga's `text/event-stream`): calls `onData`
 * with each `next` payload's data, decoded with `codec`, until the server completes it or
 * `signal` aborts. Resolves once the stream is open; `done` settles when it ends.
 */
export const adminSubscription = async <A>(
  endpoint: AdminEndpoint,
  query: string,
  variables: Record<string, unknown>,
  codec: t.Decoder<unknown, A>,
  onData: (data: A) => void,
  signal: AbortSignal,
): Promise<{ readonly done: Promise<void> }> => {
  const response = await fetch(`${endpoint.url}/admin/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query, variables }),
    signal,
  }).catch((error: unknown) => {
    throw unreachable(endpoint.url, error);
  });
  if (!response.ok || !response.body) {
    const reply = GraphqlReply.decode(await response.json().catch(() => ({})));
    throw (E.isRight(reply) ? errorOf(reply.right, response.status) : null) ?? new AdminGraphqlError(`HTTP ${response.status}`, null);
  }
  const reader = response.body.getReader();
  // An abort does not always end a read already waiting on the body: cancel the reader too.
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  const handle = (block: string) => {
    let event = 'message';
    let data = '';
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event !== 'next' || data === '') return;
    const reply = GraphqlReply.decode(JSON.parse(data));
    if (E.isLeft(reply)) return;
    const failed = errorOf(reply.right, 200);
    if (failed) throw failed;
    const decoded = codec.decode(reply.right.data);
    if (E.isRight(decoded)) onData(decoded.right);
  };
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        const blocks = buffer.split(/\r?\n\r?\n/);
        buffer = blocks.pop() ?? '';
        for (const block of blocks) handle(block);
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  })();
  return { done };
};
