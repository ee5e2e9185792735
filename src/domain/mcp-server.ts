import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';
import { webhookUrl } from './webhook-url.js';

/**
 * An MCP server whose tools a hosted agent may call (Streamable HTTP): Switchboard connects to
 * `url` with `headers`, lists its tools and offers the model those `allowedTools` names.
 */
export interface McpServer {
  /** Short, unique on the agent: the prefix of its tools' names as the model sees them. */
  readonly name: string;
  readonly url: string;
  /** Sent on every request to the server (an API key, a bearer token); never shown back. */
  readonly headers: Readonly<Record<string, string>>;
  /** The server's tool names the model is offered; others the server lists are left out. */
  readonly allowedTools: readonly string[];
}

export const MAX_MCP_SERVERS = 5;
export const MAX_MCP_ALLOWED_TOOLS = 50;

/** What a read shows in place of a header value; sent back in an update, it keeps the stored value. */
export const HIDDEN_HEADER_VALUE = '(hidden)';

/** Short enough that `{name}__{tool}` stays within a model's function-name limit for most tool names. */
const SERVER_NAME = /^[a-z0-9_]{1,24}$/;
/** MCP tool names as a model's function names allow them. */
const TOOL_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;

/** The model's name of a server's tool: prefixed, so it cannot clash with the built-in or custom tools. */
export const mcpToolName = (server: Pick<McpServer, 'name'>, tool: string): string => `mcp__${server.name}__${tool}`.slice(0, 128);

const problem = (index: number, field: string, message: string): InvalidField => invalidField(`mcpServers.${index}.${field}`, message);

const checkServer = (server: McpServer, index: number, seen: Set<string>): InvalidField | null => {
  if (!SERVER_NAME.test(server.name)) return problem(index, 'name', 'must be 1-24 lower-case letters, digits or _');
  if (seen.has(server.name)) return problem(index, 'name', 'is used by another MCP server of this agent');
  seen.add(server.name);
  const url = webhookUrl(server.url);
  if (E.isLeft(url)) return problem(index, 'url', url.left.message);
  if (server.allowedTools.length === 0) return problem(index, 'allowedTools', 'must name at least one tool of the server');
  if (server.allowedTools.length > MAX_MCP_ALLOWED_TOOLS) return problem(index, 'allowedTools', `must name at most ${MAX_MCP_ALLOWED_TOOLS} tools`);
  const bad = server.allowedTools.findIndex((tool) => !TOOL_NAME.test(tool));
  if (bad >= 0) return invalidField(`mcpServers.${index}.allowedTools.${bad}`, 'must be 1-64 letters, digits, _, . or -');
  if (new Set(server.allowedTools).size !== server.allowedTools.length) return problem(index, 'allowedTools', 'must not name a tool twice');
  const hidden = Object.entries(server.headers).find(([, value]) => value === HIDDEN_HEADER_VALUE);
  if (hidden) return problem(index, `headers.${hidden[0]}`, `is "${HIDDEN_HEADER_VALUE}", and this server has no stored value for it to keep`);
  return null;
};

/** The rules every agent's MCP server list keeps (which hosts a URL may name is the application's call). */
export const checkMcpServers = (servers: readonly McpServer[]): E.Either<InvalidField, readonly McpServer[]> => {
  if (servers.length > MAX_MCP_SERVERS) return E.left(invalidField('mcpServers', `must hold at most ${MAX_MCP_SERVERS} servers`));
  const seen = new Set<string>();
  for (const [index, server] of servers.entries()) {
    const found = checkServer(server, index, seen);
    if (found) return E.left(found);
  }
  return E.right(servers);
};

/** The server as reads show it: each header named, its value {@link HIDDEN_HEADER_VALUE}. */
export const withHiddenHeaders = (server: McpServer): McpServer => ({
  name: server.name,
  url: server.url,
  headers: Object.fromEntries(Object.keys(server.headers).map((name) => [name, HIDDEN_HEADER_VALUE])),
  allowedTools: [...server.allowedTools],
});

/**
 * A new server list, where a header sent back as {@link HIDDEN_HEADER_VALUE} keeps the value the
 * server of the same name had: a client may send back what it read without knowing the secrets.
 */
export const keepHiddenHeaders = (stored: readonly McpServer[], next: readonly McpServer[]): readonly McpServer[] =>
  next.map((server) => {
    const before = stored.find((s) => s.name === server.name);
    if (!before) return server;
    const headers = Object.fromEntries(
      Object.entries(server.headers).map(([name, value]) => [name, value === HIDDEN_HEADER_VALUE ? (before.headers[name] ?? value) : value]),
    );
    return { ...server, headers };
  });
