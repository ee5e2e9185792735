import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { toolScenarios } from '../integration/mcp/tool-scenarios.js';
import { CLI_ENTRY } from '../support/cli-entry.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `switchboard mcp --api-key … --url …` as a local MCP client starts it, bridged to the harness's server. */
toolScenarios('stdio (switchboard mcp)', (h, key) =>
  h.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...CLI_ENTRY, 'mcp', '--api-key', key, '--url', h.url],
      cwd: ROOT,
      stderr: 'inherit',
    }),
  ),
);
