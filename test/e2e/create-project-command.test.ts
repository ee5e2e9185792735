import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/server-process.js';

/** The "no language model" warning is the server's to say (test/integration/first-run/model-warning.test.ts), by no other command. */
describe('create-project, run as a user runs it', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const aDataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-model-warning-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  it('says nothing of a language model', async () => {
    const created = await runCli(['create-project', '--email', 'owner@example.com'], { DATA_DIR: await aDataDir() });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/API key[^:]*: sk_live_/);
    expect(`${created.stdout}${created.stderr}`).not.toContain('no language model');
  }, 120_000);
});
