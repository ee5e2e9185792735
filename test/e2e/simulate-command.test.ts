import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startExampleAgent, stopChild } from '../../src/bootstrap/demo-command.js';
import { eventually } from '../support/eventually.js';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { aMigratedDataDir } from '../support/pglite-template.js';

/** `switchboard simulate call|text`, run as the CLI, against a server running in its own process. */
describe('switchboard simulate', () => {
  let dataDir: string;
  let server: ServerProcess;
  let agent: ChildProcess;
  let phoneNumber: string;
  /** A number whose agent has no webhook, on a project with no account webhook either. */
  let silentNumber: string;
  let silentAgentId: string;
  const agentLog: string[] = [];

  beforeAll(async () => {
    dataDir = await aMigratedDataDir('switchboard-simulate-');
    // The project first: a running server holds DATA_DIR.
    const created = await runCli(['create-project', '--email', 'simulate@example.com'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    const apiKey = /API key[^:]*: (sk_live_\S+)/.exec(created.stdout)![1]!;
    server = await startServerProcess({ DATA_DIR: dataDir });
    const api = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(200);
      return response.json();
    };
    const created2 = await api('POST', '/v1/agents', { name: 'Desk', voiceMode: 'webhook', greeting: 'Desk here.', transferNumber: '+14155550199' });
    const port = await freePort();
    const webhook = await api('POST', `/v1/agents/${created2.id}/webhook`, { url: `http://127.0.0.1:${port}/hook`, timeout: 10 });
    phoneNumber = (await api('POST', '/v1/numbers', { agentId: created2.id })).phoneNumber;
    silentAgentId = (await api('POST', '/v1/agents', { name: 'Silent', voiceMode: 'webhook', greeting: 'Silent here.' })).id;
    silentNumber = (await api('POST', '/v1/numbers', { agentId: silentAgentId })).phoneNumber;
    agent = await startExampleAgent(
      { PORT: String(port), HOST: '127.0.0.1', WEBHOOK_SECRET: webhook.secret, SWITCHBOARD_URL: server.url, SWITCHBOARD_API_KEY: apiKey },
      (line) => agentLog.push(line),
    );
  }, 180_000);

  afterAll(async () => {
    if (agent) await stopChild(agent);
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('simulate call: dials the number, says each line after the answer to the one before, prints the transcript, hangs up', async () => {
    const result = await runCli(
      ['simulate', 'call', '--url', server.url, '--data-dir', dataDir, '--to', phoneNumber, '--say', 'When are you open?', '--say', 'Extension 312 please'],
      {},
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^call call_\\w+: \\+14155550123 → \\${phoneNumber}$`));
    expect(lines.slice(1)).toEqual([
      '  agent : Desk here.',
      '  caller: When are you open?',
      "  agent : One moment. We're open nine to five, Monday to Friday.",
      '  caller: Extension 312 please',
      '  agent : One moment. Dialling extension 312.',
      'call ended: completed',
    ]);
    await eventually(() => agentLog.some((line) => line.includes('→ {"text":"Dialling extension 312.","digits":"312"}')), {
      what: 'the example agent to log the digits it streamed',
    });
  }, 60_000);

  it('simulate call to an agent with no webhook: exits 1 and says why and what to set', async () => {
    const result = await runCli(
      ['simulate', 'call', '--url', server.url, '--data-dir', dataDir, '--to', silentNumber, '--say', 'Hello?', '--say', 'Anyone there?'],
      {},
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(1)).toEqual([
      '  agent : Silent here.',
      '  caller: Hello?',
      '  (no answer: The agent is in webhook mode and no webhook is configured for the agent or the account: the turn was not sent anywhere.)',
      `  (to fix: Set a webhook that answers with NDJSON: POST /v1/agents/${silentAgentId}/webhook for this agent, or POST /v1/webhooks for the whole account; or switch the agent to voiceMode "hosted" with LLM_BASE_URL set on the server.)`,
      '  caller: Anyone there?',
      '  (no answer: The agent is in webhook mode and no webhook is configured for the agent or the account: the turn was not sent anywhere.)',
      'call ended: completed',
      'The agent did not answer the caller (2 of 2 line(s) unanswered): The agent is in webhook mode and no webhook is configured for the agent or the account: the turn was not sent anywhere.',
    ]);
  }, 60_000);

  it('simulate text: the text reaches the number and the agent’s reply is printed', async () => {
    const result = await runCli(
      ['simulate', 'text', '--url', server.url, '--data-dir', dataDir, '--to', phoneNumber, '--from', '+14155550142', '--body', 'Can I book a table?'],
      {},
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      `text: +14155550142 → ${phoneNumber}`,
      '  texter: Can I book a table?',
      '  agent : Yes, we have a table for you tonight. See you at 7!',
    ]);
  }, 60_000);

  it('simulate text to an agent with no webhook: exits 1 and says why and what to set', async () => {
    const result = await runCli(
      ['simulate', 'text', '--url', server.url, '--data-dir', dataDir, '--to', silentNumber, '--from', '+14155550142', '--body', 'Hello?', '--timeout', '2'],
      {},
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n').slice(2)).toEqual([
      '  (no reply from the agent within 2 s)',
      '  (no reply: The agent is in webhook mode and no webhook is configured for the agent or the account: the text was not sent anywhere.)',
      `  (to fix: Set a webhook that replies with POST /v1/messages: POST /v1/agents/${silentAgentId}/webhook for this agent, or POST /v1/webhooks for the whole account; or switch the agent to voiceMode "hosted" with LLM_BASE_URL set on the server.)`,
    ]);
  }, 60_000);

  it('says what is wrong: a number nobody holds, a wrong token, no server', async () => {
    const nobody = await runCli(['simulate', 'text', '--url', server.url, '--data-dir', dataDir, '--to', '+12025550000', '--from', '+14155550142', '--body', 'hi'], {});
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('PHONE_NUMBER_NOT_FOUND');

    const wrongToken = await runCli(['simulate', 'call', '--url', server.url, '--admin-token', 'sb_admin_wrong', '--to', phoneNumber, '--say', 'hi'], {});
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('UNAUTHORIZED');

    const port = await freePort();
    const noServer = await runCli(['simulate', 'call', '--url', `http://127.0.0.1:${port}`, '--admin-token', 'x', '--to', phoneNumber, '--say', 'hi'], {});
    expect(noServer.code).toBe(1);
    expect(noServer.stderr).toContain(`no Switchboard answers at http://127.0.0.1:${port}`);

    const noLines = await runCli(['simulate', 'call', '--url', server.url, '--data-dir', dataDir, '--to', phoneNumber], {});
    expect(noLines.code).toBe(1);
    expect(noLines.stderr).toContain('at least one --say');
  }, 90_000);
});
