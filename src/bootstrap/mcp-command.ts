import { parseArgs } from 'node:util';
import { startStdioBridge } from '../adapters/mcp/stdio-bridge.js';

export const MCP_USAGE = `usage: switchboard mcp [--api-key <key>] [--url <server url>]

  Serves Switchboard's MCP tools on stdin/stdout for a local MCP client (Claude Desktop, Cursor …),
  passing every message to the running server's /mcp endpoint.
  --api-key  the project's API key (default: $SWITCHBOARD_API_KEY); without one, only
             sign_up and verify_sign_up are offered (the server's /mcp/sign-up)
  --url      the server's URL, with its base path if it has one
             (default: $SWITCHBOARD_URL, else http://localhost:3000)
`;

/** The MCP endpoint under the server's URL, keeping its base path (`https://host/switchboard` → `…/switchboard/mcp`). */
export const mcpEndpointOf = (serverUrl: string, withKey: boolean): URL => {
  const base = new URL(serverUrl);
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/${withKey ? 'mcp' : 'mcp/sign-up'}`;
  return base;
};

/**
 * `switchboard mcp`: a stdio bridge to a running server rather than a core of its own, so a
 * local client sees the same numbers, calls and live transcripts as every other client, the
 * key is checked and rate-limited where it was issued, and no second process opens the
 * server's embedded database.
 */
export const runMcpCommand = async (args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> => {
  const { values } = parseArgs({
    args: [...args],
    options: { 'api-key': { type: 'string' }, url: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return void process.stderr.write(MCP_USAGE);
  const apiKey = values['api-key'] ?? env.SWITCHBOARD_API_KEY ?? null;
  const endpoint = mcpEndpointOf(values.url ?? env.SWITCHBOARD_URL ?? 'http://localhost:3000', apiKey !== null && apiKey !== '');
  const bridge = await startStdioBridge({
    endpoint,
    apiKey: apiKey || null,
    report: (message) => void process.stderr.write(`switchboard mcp: ${message}\n`),
  });
  const stop = () => void bridge.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await bridge.closed;
  process.exit(0);
};
