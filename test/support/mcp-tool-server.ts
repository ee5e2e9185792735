import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const bodyOf = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
};

/**
 * An MCP server on 127.0.0.1 made with the official SDK (stateless Streamable HTTP): a CRM with a
 * `find_customer` tool, and a `delete_customer` one an agent's allow-list should keep from the model.
 */
export class McpToolServer {
  /** The tool calls it answered, with the Authorization header each came with. */
  readonly calls: { readonly tool: string; readonly args: unknown; readonly authorization: string | undefined }[] = [];

  private constructor(private readonly server: Server) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/mcp`;
  }

  static async start(): Promise<McpToolServer> {
    const server = createServer();
    const made = new McpToolServer(server);
    server.on('request', (req, res) => {
      void (async () => {
        const authorization = req.headers.authorization;
        const mcp = new McpServer({ name: 'crm', version: '1.0.0' });
        mcp.registerTool('find_customer', { description: 'Finds a customer by phone number.', inputSchema: { phone: z.string() } }, async ({ phone }) => {
          made.calls.push({ tool: 'find_customer', args: { phone }, authorization });
          return { content: [{ type: 'text', text: `Customer ${phone}: Ada Lovelace, gold tier, order 42 shipped Friday.` }] };
        });
        mcp.registerTool('delete_customer', { description: 'Deletes a customer.', inputSchema: { phone: z.string() } }, async ({ phone }) => {
          made.calls.push({ tool: 'delete_customer', args: { phone }, authorization });
          return { content: [{ type: 'text', text: 'Deleted.' }] };
        });
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        res.on('close', () => {
          void transport.close();
          void mcp.close();
        });
        await mcp.connect(transport);
        await transport.handleRequest(req, res, req.method === 'POST' ? await bodyOf(req) : undefined);
      })().catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return made;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
