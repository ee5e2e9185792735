import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { aMigratedDataDir } from '../support/pglite-template.js';

describe('the standalone server on embedded PGlite', () => {
  let dataDir: string;
  let apiKey: string;
  let server: ServerProcess | null = null;

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server!.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers },
    });

  beforeAll(async () => {
    dataDir = await aMigratedDataDir('switchboard-e2e-');
    const created = await runCli(['create-project', '--email', 'owner@example.com'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    apiKey = /API key[^:]*: (sk_live_\S+)/.exec(created.stdout)![1]!;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps agents, numbers and attachments across a restart', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    const agent = await (await api('/v1/agents', { method: 'POST', body: JSON.stringify({ name: 'Front desk' }) })).json();
    const number = await (await api('/v1/numbers', { method: 'POST', body: JSON.stringify({ areaCode: '415' }) })).json();
    expect(number.phoneNumber).toMatch(/^\+1415555010\d$/);
    const attached = await api(`/v1/agents/${agent.id}/numbers`, { method: 'POST', body: JSON.stringify({ numberId: number.id }) });
    expect(attached.status).toBe(200);

    expect(await server.stop()).toBe(0);
    server = await startServerProcess({ DATA_DIR: dataDir });

    const reread = await (await api(`/v1/agents/${agent.id}`)).json();
    expect(reread.name).toBe('Front desk');
    expect(reread.numbers.map((n: { id: string }) => n.id)).toEqual([number.id]);
    const numbers = await (await api('/v1/numbers')).json();
    expect(numbers.total).toBe(1);
    // The carrier remembers what it sold: the next number is a different one.
    const second = await (await api('/v1/numbers', { method: 'POST', body: JSON.stringify({ areaCode: '415' }) })).json();
    expect(second.phoneNumber).not.toBe(number.phoneNumber);
  }, 120_000);

  it('refuses a second server on the same DATA_DIR, saying why', async () => {
    server ??= await startServerProcess({ DATA_DIR: dataDir });
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(/in use by another Switchboard process/);
  }, 120_000);

  it('stops at start on a bad variable, naming it', async () => {
    const result = await runCli(['serve'], { DATA_DIR: dataDir, RATE_LIMIT: 'lots' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('RATE_LIMIT');
  }, 60_000);
});
