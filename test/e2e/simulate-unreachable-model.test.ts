import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/bootstrap/demo-command.js';
import { aMigratedDataDir } from '../support/pglite-template.js';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.js';

/** `switchboard simulate call` to a hosted agent whose language model (LLM_BASE_URL) answers nowhere. */
describe('switchboard simulate, hosted mode with the model unreachable', () => {
  let dataDir: string;
  let server: ServerProcess;
  let phoneNumber: string;

  beforeAll(async () => {
    dataDir = await aMigratedDataDir('switchboard-simulate-model-');
    const created = await runCli(['create-project', '--email', 'hosted@example.com'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    const apiKey = /API key[^:]*: (sk_live_\S+)/.exec(created.stdout)![1]!;
    // Nothing listens on this port: every request to the model is refused.
    server = await startServerProcess({ DATA_DIR: dataDir, LLM_BASE_URL: `http://127.0.0.1:${await freePort()}/v1`, LLM_MODEL: 'nothing' });
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(200);
      return response.json();
    };
    const agent = await api('/v1/agents', { name: 'Hosted', voiceMode: 'hosted', greeting: 'Hosted here.', systemPrompt: 'You are a receptionist.' });
    phoneNumber = (await api('/v1/numbers', { agentId: agent.id })).phoneNumber;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 1: the apology is no answer, and the output says the model could not be reached and what to check', async () => {
    const result = await runCli(['simulate', 'call', '--url', server.url, '--data-dir', dataDir, '--to', phoneNumber, '--say', 'When are you open?'], {});
    expect(result.stderr).toBe('');
    expect(result.code, result.stdout).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(1, 3)).toEqual(['  agent : Hosted here.', '  caller: When are you open?']);
    expect(lines[3]).toMatch(/^ {2}\(no answer: The language model could not answer \(.+\): the caller heard the apology\.\)$/);
    expect(lines[4]).toContain('LLM_BASE_URL');
    expect(lines[5]).toMatch(/^ {2}agent : Sorry/);
    expect(lines.at(-1)).toMatch(/^The agent did not answer the caller \(1 of 1 line\(s\) unanswered\): The language model could not answer/);
  }, 90_000);
});
