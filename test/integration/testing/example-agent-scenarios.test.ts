import type { ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleAgentPath, freePort, startExampleAgent, stopChild } from '../../../src/bootstrap/demo-command.js';
import { runScenarios } from '../../../src/testing.js';

const SUITE = join(exampleAgentPath(), '..', 'scenarios');
const SECRET = 'whsec_scenario_suite_secret';

const started = async (path: string) => {
  const port = await freePort();
  const child = await startExampleAgent({ PORT: String(port), HOST: '127.0.0.1', WEBHOOK_SECRET: SECRET, THINKING_MS: '0' }, () => undefined, path);
  return { child, env: { AGENT_PORT: String(port), WEBHOOK_SECRET: SECRET } };
};

describe('the example webhook agent\'s scenario suite', () => {
  let agent: { child: ChildProcess; env: Record<string, string> };
  let broken: { child: ChildProcess; env: Record<string, string> };
  let dir: string;
  beforeAll(async () => {
    agent = await started(exampleAgentPath());
    // A copy with two mistakes: the wrong hours, and no transfer when a person is asked for.
    dir = await mkdtemp(join(tmpdir(), 'broken-agent-'));
    const copy = join(dir, 'server.mjs');
    await copyFile(exampleAgentPath(), copy);
    const source = await readFile(copy, 'utf8');
    await writeFile(copy, source.replace("nine to five", "ten to four").replace("action: 'transfer' }", "}"));
    broken = await started(copy);
  });
  afterAll(async () => {
    await stopChild(agent.child);
    await stopChild(broken.child);
    await rm(dir, { recursive: true, force: true });
  });

  it('passes against the agent as it is', async () => {
    const summary = await runScenarios([SUITE], { store: 'memory', env: agent.env, concurrency: 2 });
    const failures = summary.results.filter((r) => r.verdict !== 'passed').map((r) => ({ name: r.name, error: r.error, failed: r.expectations.filter((e) => !e.passed), notes: r.record?.notes, transcript: r.transcript }));
    expect(failures).toEqual([]);
    expect(summary.passed).toBe(4);
  });

  it('fails against a broken copy, naming what was expected and what came', async () => {
    const summary = await runScenarios([SUITE], { store: 'memory', env: broken.env });
    expect(summary.results.map((r) => [r.name, r.verdict])).toEqual([
      ['greets the caller and gives the opening hours', 'failed'],
      ['dials the extension asked for', 'passed'],
      ['transfers to a person', 'failed'],
      ['answers a key press and says goodbye', 'passed'],
    ]);
    const messages = summary.results.flatMap((r) => r.expectations.filter((e) => !e.passed).map((e) => e.message));
    expect(messages).toEqual([
      expect.stringMatching(/^expected the agent to say "nine to five", but it said .*"One moment\. We're open ten to four, Monday to Friday\."$/),
      'expected a cold transfer to +14155550199, but there was no transfer',
      expect.stringMatching(/^expected the call to end with transfer, but it ended with caller_hangup/),
    ]);
    expect(summary.results[0]!.transcript).toContain("agent: One moment. We're open ten to four, Monday to Friday.");
  });
});
