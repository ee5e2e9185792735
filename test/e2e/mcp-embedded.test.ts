import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { mcpEndpointOf } from '../../src/bootstrap/mcp-command.js';
import { createSwitchboard, type Switchboard } from '../../src/index.js';
import { trustMailbox } from '../../src/domain/mailbox.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the MCP endpoint of a Switchboard embedded under a base path', () => {
  let switchboard: Switchboard;
  let host: Server;
  let origin: string;
  let apiKey: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    switchboard = createSwitchboard({ env: {}, storage: 'memory', basePath: '/switchboard', logger: silentLogger() });
    await switchboard.start();
    const created = await switchboard.useCases().projects.createProject.execute({ email: trustMailbox('mcp-host@example.com') })();
    if (created._tag === 'Left') throw new Error(JSON.stringify(created.left));
    apiKey = created.right.apiKey.clear;
    host = createServer((req, res) => {
      if (req.url?.startsWith('/switchboard/')) return switchboard.requestListener(req, res);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('host app');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
    await switchboard.close();
  });

  const connected = async (transport: StreamableHTTPClientTransport | StdioClientTransport) => {
    const client = new Client({ name: 'embedded-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  };

  it('serves the tools at <base path>/mcp, and nothing at /mcp of the host', async () => {
    const client = await connected(
      new StreamableHTTPClientTransport(new URL(`${origin}/switchboard/mcp`), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }),
    );
    const usage = await client.callTool({ name: 'get_usage', arguments: {} });
    expect(usage.structuredContent).toMatchObject({ currency: 'USD' });
    expect(await (await fetch(`${origin}/mcp`, { method: 'POST' })).text()).toBe('host app');
  });

  it('bridges `switchboard mcp --url <server with base path>` without a key to the sign-up tools', async () => {
    const client = await connected(
      new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', 'src/bootstrap/cli.ts', 'mcp', '--url', `${origin}/switchboard/`], cwd: ROOT, env: { PATH: process.env.PATH ?? '' } }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['sign_up', 'verify_sign_up']);
  });

  it('keeps the base path when it names the endpoint', () => {
    expect(mcpEndpointOf('https://host.example/switchboard/', true).href).toBe('https://host.example/switchboard/mcp');
    expect(mcpEndpointOf('http://localhost:3000', false).href).toBe('http://localhost:3000/mcp/sign-up');
  });
});
