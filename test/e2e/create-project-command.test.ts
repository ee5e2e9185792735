import { describe, expect, it } from 'vitest';
import { migratedDataDirsRemovedAfterEach } from '../support/temp-dirs.js';
import { runCli } from '../support/server-process.js';

/** The "no language model" warning is the server's to say (test/integration/first-run/model-warning.test.ts), by no other command. */
describe('create-project, run as a user runs it', () => {
  const aDataDir = migratedDataDirsRemovedAfterEach('sb-create-project-');
  it('says nothing of a language model', async () => {
    const created = await runCli(['create-project', '--email', 'owner@example.com'], { DATA_DIR: await aDataDir() });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/API key[^:]*: sk_live_/);
    expect(`${created.stdout}${created.stderr}`).not.toContain('no language model');
  }, 120_000);
});
