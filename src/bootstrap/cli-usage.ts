import { ADMIN_USAGE } from './admin-commands.js';
import { DEMO_USAGE } from './demo-command.js';
import { SIMULATE_USAGE } from './simulate-command.js';

/**
 * Every command of `switchboard`, as `--help` lists them: the one list the help, the dispatch's
 * "unknown command" and the command table of docs/configuration.md are held to.
 */
export const USAGE = `usage: switchboard <command>

  serve                          run the server (the default)
  migrate                        apply pending database migrations and exit
  create-project --email <addr>  open a project and print its first API key
  help [command]                 say what the commands (or one command) do
  mcp [--api-key <key>] [--url <url>]  MCP over stdio, bridged to a running server (see docs/mcp.md)
${ADMIN_USAGE}${DEMO_USAGE}${SIMULATE_USAGE}`;
