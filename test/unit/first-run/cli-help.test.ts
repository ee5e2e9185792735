import { describe, expect, it } from 'vitest';
import { helpText } from '../../../src/bootstrap/cli-help.js';

const USAGE = `usage: switchboard <command>

  serve                          run the server (the default)
  create-project --email <addr>  open a project and print its first API key
  help [command]                 say what the commands (or one command) do

  credit-account --project <id> --amount <USD> [--reason <text>]
                                 add credit to a project's balance (e.g. --amount 10.00)
  revoke-key --key <key id>      revoke an API key (key_…); it answers 401 from then on
`;

describe('switchboard help', () => {
  it('without a command: the whole usage, and how to ask about one command', () => {
    const help = helpText(USAGE);
    expect(help.known).toBe(true);
    expect(help.text).toContain(USAGE.trimEnd());
    expect(help.text).toContain('switchboard help <command>');
  });

  it('about one command: its usage lines, continuation included, and what more there is to say', () => {
    const credit = helpText(USAGE, 'credit-account');
    expect(credit).toEqual({
      known: true,
      text:
        'usage: switchboard credit-account --project <id> --amount <USD> [--reason <text>]\n\n' +
        "add credit to a project's balance (e.g. --amount 10.00)\n",
    });
    const serve = helpText(USAGE, 'serve');
    expect(serve.text).toMatch(/^usage: switchboard serve\n\nrun the server \(the default\)\n\nServes the REST API/);
    expect(serve.text).toContain('DATABASE_URL');
    expect(serve.text).toContain('PUBLIC_URL');
  });

  it('does not take a command for another that only begins like it', () => {
    expect(helpText(USAGE, 'credit').known).toBe(false);
    expect(helpText(USAGE, 'revoke-key').text).toMatch(/^usage: switchboard revoke-key --key <key id>\n\nrevoke an API key/);
  });

  it('about a command there is none of: not known, with the usage to choose from', () => {
    const help = helpText(USAGE, 'deploy');
    expect(help.known).toBe(false);
    expect(help.text).toMatch(/^unknown command "deploy"\n\nusage: switchboard <command>/);
  });
});
