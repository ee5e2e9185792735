import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../../application/ports/clock.js';
import { authInfoOf, createMcpServer, toolCatalogue, type Caller, type McpServerDeps, type ToolCatalogue } from './mcp-server.js';

type Access = 'project' | 'public';

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: Server;
  readonly access: Access;
  /** The API key that opened it: no other key may use it. */
  readonly keyId: string | null;
  lastSeen: number;
}

export interface McpSessionsDeps extends McpServerDeps {
  readonly clock: Clock;
  /** A session no request has used for this long is closed when the next one opens. */
  readonly idleMs?: number;
  /** Sessions one API key (or, on the public endpoint, everyone together) may hold open at once; the oldest goes first. */
  readonly maxPerKey?: number;
}

const IDLE_MS = 2 * 60 * 60 * 1000;
const MAX_PER_KEY = 50;

const jsonRpcError = (status: number, code: number, message: string): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const parsedBody = async (request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> => {
  try {
    return { ok: true, body: JSON.parse(await request.text()) as unknown };
  } catch {
    return { ok: false };
  }
};

const opensSession = (body: unknown): boolean => (Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body));

/**
 * The Streamable HTTP endpoint's sessions. A session (its transport, its server, its transcript
 * subscriptions) lives in the memory of the node that opened it, bound to the key that opened
 * it. A POST naming a session this node does not hold (another node's, or one that expired) is
 * still served, statelessly, by a server built for that one request: every tool and resource
 * works on every node; only subscriptions need the node that holds the session.
 */
export class McpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly catalogue: ToolCatalogue;
  private closed = false;

  constructor(private readonly deps: McpSessionsDeps) {
    this.catalogue = toolCatalogue(deps);
  }

  /** Serves one request of an authenticated (`project`) or anonymous (`public`) caller. */
  async handle(request: Request, caller: Caller, access: Access): Promise<Response> {
    if (this.closed) return jsonRpcError(503, -32000, 'The server is shutting down');
    const authInfo = authInfoOf(caller);
    const id = request.headers.get('mcp-session-id');
    const session = id === null ? undefined : this.sessions.get(id);
    if (session && session.access === access && session.keyId === caller.keyId) {
      session.lastSeen = this.now();
      const response = await session.transport.handleRequest(request, { authInfo });
      if (request.method === 'DELETE') this.forget(id!);
      return response;
    }
    if (request.method !== 'POST') {
      return id === null
        ? jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required')
        : jsonRpcError(404, -32001, 'Session not found');
    }
    const body = await parsedBody(request);
    if (!body.ok) return jsonRpcError(400, -32700, 'Parse error: the body is not JSON');
    if (id === null && opensSession(body.body)) return this.open(request, body.body, caller, access, authInfo);
    return this.once(request, body.body, access, authInfo);
  }

  /** Closes every session: their streams end and their subscriptions stop. */
  async close(): Promise<void> {
    this.closed = true;
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(open.map((session) => session.server.close()));
  }

  private async open(request: Request, body: unknown, caller: Caller, access: Access, authInfo: ReturnType<typeof authInfoOf>): Promise<Response> {
    this.sweep(caller.keyId);
    const server = createMcpServer(this.deps, this.catalogue, access, { subscriptions: true });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        this.sessions.set(sessionId, { transport, server, access, keyId: caller.keyId, lastSeen: this.now() });
      },
      onsessionclosed: (sessionId) => this.forget(sessionId),
    });
    await server.connect(transport);
    return transport.handleRequest(request, { authInfo, parsedBody: body });
  }

  /** One request without a session here: a server for it alone, answering in one JSON body, then closed. */
  private async once(request: Request, body: unknown, access: Access, authInfo: ReturnType<typeof authInfoOf>): Promise<Response> {
    const server = createMcpServer(this.deps, this.catalogue, access, { subscriptions: false });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { authInfo, parsedBody: body });
    } finally {
      await server.close();
    }
  }

  private forget(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
    void session.server.close().catch(() => undefined);
  }

  /** Closes sessions idle too long, and the given key's oldest beyond its allowance. */
  private sweep(keyId: string | null): void {
    const now = this.now();
    const idleMs = this.deps.idleMs ?? IDLE_MS;
    for (const [id, session] of this.sessions) if (now - session.lastSeen > idleMs) this.forget(id);
    const own = [...this.sessions].filter(([, session]) => session.keyId === keyId).sort(([, a], [, b]) => a.lastSeen - b.lastSeen);
    for (const [id] of own.slice(0, Math.max(0, own.length - (this.deps.maxPerKey ?? MAX_PER_KEY) + 1))) this.forget(id);
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }
}
