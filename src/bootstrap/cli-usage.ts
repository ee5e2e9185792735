import { ADMIN_USAGE } from './admin-commands.js';

/** `demo` and `simulate` described here, not beside their code, so that `help` loads no server. */
export const DEMO_USAGE = `
  demo [--keep-running]          start Switchboard (embedded database, simulated carrier) and the
                                 example webhook agent (examples/webhook-agent), then place a call
                                 and send a text to it, printing the transcript and the webhooks
`;

export const SIMULATE_USAGE = `
  simulate call --to <number> [--from <number>] --say "…" [--say "…"]
                                 a simulated caller dials one of your numbers and says each line,
                                 waiting for the agent's answer; prints the live transcript
  simulate text --to <number> --from <number> --body "…"
                                 a simulated text reaches one of your numbers; prints the reply
    (both talk to a running server on the simulated carrier: --url (default http://HOST:PORT),
     --admin-token, else ADMIN_TOKEN, else --data-dir/DATA_DIR's admin-token; --timeout <s>)
`;

export const TEST_USAGE = `
  test [files or folders…] [--concurrency <n>] [--grep <pattern>] [--seed <n>] [--reporter pretty|json|junit] [--store embedded|memory] [--url <url> --api-key <key>]
                                 run scenario tests of agents (YAML or JSON, default ./scenarios) on an
                                 in-process Switchboard: simulated carrier and clock, the configured model
                                 (LLM_BASE_URL); with --url, on that running server instead; prints the
                                 seed; exits 1 on any failure (see docs/testing.md)
  test record --call <id> [--url <url>] [--api-key <key>] [--out <file.yaml>]
                                 write an ended call of a running server as a scenario that replays its
                                 caller and expects its outcome (stdout without --out)
`;

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
${ADMIN_USAGE}${DEMO_USAGE}${SIMULATE_USAGE}${TEST_USAGE}`;
