import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startExampleAgent, stopChild } from '../../src/bootstrap/demo-command.js';
import type { RunSummary } from '../../src/testing.js';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { aMigratedDataDir } from '../support/pglite-template.js';

const SECRET = 'whsec_suite_secret';
const outcome = (summary: RunSummary) => summary.results.map((r) => [r.name, r.verdict, r.expectations.filter((e) => !e.passed).map((e) => e.message), r.error]);

/** `switchboard test --url`: the example agent's own suite, played on a server running in its own process. */
describe('switchboard test against a running server', () => {
  let dataDir: string;
  let outDir: string;
  let server: ServerProcess;
  let agent: ChildProcess;
  /** The example agent again, as the server's own agent: started with the secret the server issued. */
  let ownAgent: ChildProcess;
  let ownAgentId: string;
  let apiKey: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await aMigratedDataDir('switchboard-suite-');
    outDir = await mkdtemp(join(tmpdir(), 'switchboard-recorded-'));
    const created = await runCli(['create-project', '--email', 'suite@example.com'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    apiKey = /API key[^:]*: (sk_live_\S+)/.exec(created.stdout)![1]!;
    server = await startServerProcess({ DATA_DIR: dataDir });
    const port = await freePort();
    agent = await startExampleAgent({ PORT: String(port), HOST: '127.0.0.1', WEBHOOK_SECRET: SECRET, THINKING_MS: '0' }, () => undefined);
    env = { AGENT_PORT: String(port), WEBHOOK_SECRET: SECRET };
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status, path).toBe(200);
      return (await response.json()) as Record<string, string>;
    };
    ownAgentId = (await api('/v1/agents', { name: 'Front desk', voiceMode: 'webhook', greeting: 'Hi, this is the example agent. How can I help?' })).id!;
    const ownPort = await freePort();
    const webhook = await api(`/v1/agents/${ownAgentId}/webhook`, { url: `http://127.0.0.1:${ownPort}/webhook`, timeout: 10 });
    ownAgent = await startExampleAgent({ PORT: String(ownPort), HOST: '127.0.0.1', WEBHOOK_SECRET: webhook.secret!, THINKING_MS: '0' }, () => undefined);
  }, 180_000);

  afterAll(async () => {
    if (agent) await stopChild(agent);
    if (ownAgent) await stopChild(ownAgent);
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  });

  it('passes the example agent\'s suite', async () => {
    const run = await runCli(['test', 'examples/webhook-agent/scenarios', '--url', server.url, '--api-key', apiKey, '--reporter', 'json'], env);
    const summary = JSON.parse(run.stdout) as RunSummary;
    expect(outcome(summary).filter(([, verdict]) => verdict !== 'passed')).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    expect(summary.results.length).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('records a call of the server\'s own agent and replays it to the same outcome', async () => {
    const call = join(outDir, 'call.yaml');
    await writeFile(call, `name: a call\nagent: { id: ${ownAgentId} }\ncaller:\n  script:\n    - say: When are you open?\n    - press: "7"\n    - say: That's all, goodbye\nexpect:\n  - said: nine to five\n`);
    const first = await runCli(['test', call, '--url', server.url, '--api-key', apiKey, '--reporter', 'json'], {});
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const played = (JSON.parse(first.stdout) as RunSummary).results[0]!;
    const callId = played.record!.callId!;

    const file = join(outDir, 'replay.yaml');
    const recorded = await runCli(['test', 'record', '--call', callId, '--url', server.url, '--api-key', apiKey, '--out', file], {});
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(await readFile(file, 'utf8')).toContain('disconnectionReason: agent_hangup');
    const replay = await runCli(['test', file, '--url', server.url, '--api-key', apiKey, '--reporter', 'json'], {});
    const replayed = JSON.parse(replay.stdout) as RunSummary;
    expect(outcome(replayed)).toEqual([[`replay of call ${callId}`, 'passed', [], null]]);
    expect(replay.code).toBe(0);
    expect(replayed.results[0]!.transcript).toEqual(played.transcript);
  }, 120_000);
});
