import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpEndpointOf } from '../../src/bootstrap/mcp-command.js';
import { aHostApp, type HostApp } from '../support/host-app.js';
import { CLI_ENTRY } from '../support/cli-entry.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the MCP endpoint of a Switchboard embedded under a base path', () => {
  let origin: string;
  let apiKey: string;
  let app: HostApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    app = await aHostApp('mcp-host@example.com');
    ({ origin, apiKey } = app);
  });

  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await app.close();
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
      new StdioClientTransport({ command: process.execPath, args: [...CLI_ENTRY, 'mcp', '--url', `${origin}/switchboard/`], cwd: ROOT, env: { PATH: process.env.PATH ?? '' } }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['sign_up', 'verify_sign_up']);
  });

  it('keeps the base path when it names the endpoint', () => {
    expect(mcpEndpointOf('https://host.example/switchboard/', true).href).toBe('https://host.example/switchboard/mcp');
    expect(mcpEndpointOf('http://localhost:3000', false).href).toBe('http://localhost:3000/mcp/sign-up');
  });
});
