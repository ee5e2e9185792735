import type { McpServer } from '../../domain/mcp-server.js';

/** A tool an MCP server lists, as it describes it. */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  /** A JSON Schema object of its arguments. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** What came of one call of a server's tool: its text content, and whether the server said it failed. */
export type McpToolAnswer =
  | { readonly outcome: 'ok' | 'error'; readonly text: string }
  | { readonly outcome: 'timeout'; readonly text: null };

/**
 * The MCP servers hosted agents use (Streamable HTTP), reached through the same outbound rules as
 * customers' webhooks. Each method makes its own connection and closes it: a call's tools are
 * listed once and called now and then, so nothing is held open for the length of a call.
 */
export interface McpToolServers {
  /** The server's tools; rejects when it cannot be reached or does not answer within `timeoutMs`. */
  listTools(server: McpServer, timeoutMs: number): Promise<readonly McpTool[]>;
  /** Calls one tool; rejects when the server cannot be reached. */
  callTool(server: McpServer, tool: string, args: Readonly<Record<string, unknown>>, timeoutMs: number): Promise<McpToolAnswer>;
}
