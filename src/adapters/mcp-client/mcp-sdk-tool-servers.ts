import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '../../domain/mcp-server.js';
import type { McpTool, McpToolAnswer, McpToolServers } from '../../application/ports/mcp-tool-servers.js';

/** The text of a tool result's content blocks; other kinds are named, not carried. */
const textOf = (content: unknown): string => {
  if (!Array.isArray(content)) return '';
  return content
    .map((block: { type?: unknown; text?: unknown }) => (block.type === 'text' && typeof block.text === 'string' ? block.text : `[${String(block.type)} content]`))
    .join('\n');
};

const isTimeout = (error: unknown): boolean => error instanceof McpError && error.code === ErrorCode.RequestTimeout;

/**
 * MCP servers over Streamable HTTP with the official SDK's client, every request through the
 * `fetch` it is given (the guarded one). A connection is made for each listing or call and closed
 * after it, its session ended, so no stream stays open between a call's turns.
 */
export class McpSdkToolServers implements McpToolServers {
  constructor(
    private readonly deps: {
      readonly fetch: FetchLike;
      readonly clientName: string;
      readonly clientVersion: string;
    },
  ) {}

  async listTools(server: McpServer, timeoutMs: number): Promise<readonly McpTool[]> {
    return this.withClient(server, timeoutMs, async (client) => {
      const listed = await client.listTools(undefined, { timeout: timeoutMs });
      return listed.tools.map((tool) => ({ name: tool.name, description: tool.description ?? tool.title ?? tool.name, inputSchema: tool.inputSchema }));
    });
  }

  async callTool(server: McpServer, tool: string, args: Readonly<Record<string, unknown>>, timeoutMs: number): Promise<McpToolAnswer> {
    try {
      return await this.withClient(server, timeoutMs, async (client) => {
        const result = await client.callTool({ name: tool, arguments: { ...args } }, undefined, { timeout: timeoutMs });
        const text = 'content' in result ? textOf(result.content) : JSON.stringify(result.toolResult ?? null);
        return { outcome: result.isError === true ? 'error' : 'ok', text };
      });
    } catch (error) {
      if (isTimeout(error)) return { outcome: 'timeout', text: null };
      throw error;
    }
  }

  private async withClient<A>(server: McpServer, timeoutMs: number, use: (client: Client) => Promise<A>): Promise<A> {
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      fetch: this.deps.fetch,
      requestInit: { headers: { ...server.headers } },
    });
    const client = new Client({ name: this.deps.clientName, version: this.deps.clientVersion });
    try {
      await client.connect(transport, { timeout: timeoutMs });
      return await use(client);
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await client.close().catch(() => undefined);
    }
  }
}
