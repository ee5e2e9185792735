import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startExampleAgent, stopChild } from '../../../src/bootstrap/demo-command.js';
import { runScenarios } from '../../../src/testing.js';
import { blocksOf } from '../../support/doc-snippets.js';

const DOC = fileURLToPath(new URL('../../../docs/testing.md', import.meta.url));
const SECRET = 'whsec_doc_secret';

/** docs/testing.md's example scenario, written where it says and run as it is against the example agent. */
describe('docs/testing.md', () => {
  let agent: ChildProcess;
  let port: number;
  let dir: string;
  beforeAll(async () => {
    port = await freePort();
    agent = await startExampleAgent({ PORT: String(port), HOST: '127.0.0.1', WEBHOOK_SECRET: SECRET, THINKING_MS: '0' }, () => undefined);
    dir = await mkdtemp(join(tmpdir(), 'testing-doc-'));
  });
  afterAll(async () => {
    await stopChild(agent);
    await rm(dir, { recursive: true, force: true });
  });

  it('has example scenarios that pass: against the example agent, and with a built-in caller', async () => {
    const files = blocksOf(DOC).filter((block) => block.language === 'yaml' && block.file !== null);
    expect(files.map((block) => block.file)).toEqual(['scenarios/opening-hours.yaml', 'scenarios/voicemail.yaml']);
    for (const block of files) {
      await mkdir(dirname(join(dir, block.file!)), { recursive: true });
      await writeFile(join(dir, block.file!), block.code);
    }
    const summary = await runScenarios([join(dir, 'scenarios')], { store: 'memory', env: { AGENT_PORT: String(port), WEBHOOK_SECRET: SECRET } });
    expect(summary.results.map((r) => [r.name, r.verdict, r.expectations.filter((e) => !e.passed).map((e) => e.message)])).toEqual([
      ['gives the opening hours', 'passed', []],
      ['leaves a message on voicemail', 'passed', []],
    ]);
  });

  it('names every step and expectation the format has', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(DOC, 'utf8');
    const keys = ['fixture', 'carrier-voicemail', 'personal-voicemail', 'call-screening', 'ivr-menu', 'silent-caller', 'texts-stop', 'unanswered-warm-transfer', 'say', 'press', 'silence', 'interrupt', 'hangUp', 'machine', 'transfer', 'text', 'said', 'notSaid', 'toolCalled', 'transferred', 'hungUp', 'voicemail', 'digitsSent', 'analysis', 'turns', 'durationSeconds', 'answerLatencyMs', 'replied', 'judged'];
    expect(keys.filter((key) => !text.includes(`\`${key}`))).toEqual([]);
  });
});
