import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Every variable the configuration reads: `loadConfig` is given environments that reach each of
 * its branches (nothing set; everything set, Twilio, SMTP and a model included) through a proxy
 * that notes each name asked for.
 */
const variablesRead = (): Set<string> => {
  const asked = new Set<string>();
  const everything: Record<string, string> = {
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'token',
    SMTP_URL: 'smtp://mail.example.com:587',
    LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
    DATABASE_URL: 'postgres://127.0.0.1/switchboard',
    NODE_ENV: 'production',
  };
  for (const values of [{}, everything]) {
    const env = new Proxy(values as Record<string, string | undefined>, {
      get: (target, name) => {
        if (typeof name === 'string') asked.add(name);
        return target[name as string];
      },
    });
    loadConfig(env);
  }
  return asked;
};

/** Names read straight from `process.env` anywhere in src (none should be, beside the config). */
const processEnvReads = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return processEnvReads(path);
    if (!path.endsWith('.ts')) return [];
    return [...readFileSync(path, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!);
  });

/** The names in the first column of the tables of docs/configuration.md. */
const documented = (): Set<string> => {
  const markdown = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
  const names = markdown
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1]!)
    .flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
  return new Set(names);
};

describe('the configuration reference (docs/configuration.md)', () => {
  it('lists exactly the variables Switchboard reads', () => {
    const read = new Set([...variablesRead(), ...processEnvReads(join(ROOT, 'src'))]);
    expect(read.size).toBeGreaterThan(30);
    expect([...documented()].sort()).toEqual([...read].sort());
  });
});
