/**
 * `switchboard help [command]` and `--help`. A command's help is its lines of the usage, then
 * what more there is to say about it; a command with no more to say still has its lines.
 */
const MORE: Readonly<Record<string, string>> = {
  serve: `Serves the REST API (/v1), the carrier's webhooks, the admin console (/admin/graphql), the
call playground (/playground) and a page saying what is running (/) on HOST:PORT
(default 127.0.0.1:3000). Stop it with Ctrl-C.

Storage: PostgreSQL at DATABASE_URL (a missing database is created), else the embedded
database in DATA_DIR (default ./.switchboard). Carrier: Twilio when TWILIO_ACCOUNT_SID and
TWILIO_AUTH_TOKEN are set (set PUBLIC_URL to the https address Twilio reaches), else the
simulated one. The admin console's token: ADMIN_TOKEN, else DATA_DIR/admin-token.`,
  migrate: `Brings the database (DATABASE_URL, else the embedded one in DATA_DIR) up to date, then exits.
\`serve\` does the same at every start; this is for a deploy step before the servers start.`,
  'create-project': `Opens a project for an email address (read as strictly as sign-up reads it) and prints its
id and first API key, once. Runs against the configured storage: stop a running server that
uses the embedded database first (it is locked to one process), or use DATABASE_URL.
  --name <label>   a name for the project`,
  help: `switchboard help <command> prints what one command does and takes.`,
};

/** The usage lines of `command`: its own line and the indented lines that continue it. */
const linesOf = (usage: string, command: string): string[] => {
  const lines = usage.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\s{1,4}${command.replace(/[-]/g, '\\-')}(\\s|$)`).test(line));
  if (start < 0) return [];
  const own = [lines[start]!];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s{5,}\S/.test(line)) break;
    own.push(line);
  }
  return own;
};

export type Help = { readonly known: true; readonly text: string } | { readonly known: false; readonly text: string };

/** The whole usage without a command; one command's help with one; `known: false` for a command there is none of. */
export const helpText = (usage: string, command?: string): Help => {
  if (command === undefined) return { known: true, text: `${usage.trimEnd()}\n\nswitchboard help <command> says more about one command.\n` };
  const lines = linesOf(usage, command);
  const more = MORE[command];
  if (lines.length === 0 && more === undefined) return { known: false, text: `unknown command "${command}"\n\n${usage.trimEnd()}\n` };
  // A usage line is the synopsis, then (after two spaces or more, or on the lines below) what it does.
  const [synopsis = command, ...said] = (lines[0] ?? command).trim().split(/\s{2,}/);
  const summary = [...said, ...lines.slice(1).map((line) => line.trim())].join(' ');
  return { known: true, text: [`usage: switchboard ${synopsis}`, summary, more].filter(Boolean).join('\n\n') + '\n' };
};

/** The commands a usage names, each once, in its order (`simulate call` and `simulate text` are `simulate`). */
export const commandsIn = (usage: string): string[] => [
  ...new Set(usage.split('\n').flatMap((line) => /^\s{1,4}([a-z][a-z-]*)(\s|$)/.exec(line)?.[1] ?? [])),
];
