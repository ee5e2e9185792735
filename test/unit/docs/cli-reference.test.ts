import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandsIn, helpText } from '../../../src/bootstrap/cli-help.js';
import { USAGE } from '../../../src/bootstrap/cli-usage.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The first cells of the command table of docs/configuration.md: a command and its options. */
const documentedRows = (): string[] => {
  const markdown = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
  const section = markdown.slice(markdown.indexOf('## The command line'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => /^\| `([^`]+)`/.exec(line)![1]!);
};

const optionsIn = (text: string) => [...text.matchAll(/--[a-z][a-z-]*/g)].map((match) => match[0]).sort();

describe('the command table (docs/configuration.md)', () => {
  it('lists exactly the commands of `switchboard --help`', () => {
    const documented = [...new Set(documentedRows().map((row) => row.split(' ')[0]!))];
    expect(commandsIn(USAGE).length).toBeGreaterThanOrEqual(12);
    expect(documented.sort()).toEqual(commandsIn(USAGE).sort());
  });

  it('gives each command the options of its usage line, and none its help does not name', () => {
    for (const command of commandsIn(USAGE)) {
      const documented = new Set(optionsIn(documentedRows().filter((row) => row.split(' ')[0] === command).join(' ')));
      // The usage lines that start with the command (simulate has two); its help may name more.
      const synopses = USAGE.split('\n').filter((line) => new RegExp(`^\\s{1,4}${command}(\\s|$)`).test(line));
      const named = new Set(optionsIn(`${synopses.join(' ')} ${helpText(USAGE, command).text}`));
      expect(optionsIn(synopses.join(' ')).filter((option) => !documented.has(option)), command).toEqual([]);
      expect([...documented].filter((option) => !named.has(option)), command).toEqual([]);
    }
  });
});
