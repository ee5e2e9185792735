import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { createSwitchboard, type Switchboard } from '../../src/index.js';
import { aHostApp, type HostApp } from '../support/host-app.js';

describe('Switchboard embedded in a host Node app', () => {
  let switchboard: Switchboard;
  let origin: string;
  let apiKey: string;
  let app: HostApp;

  beforeAll(async () => {
    app = await aHostApp('host@example.com');
    ({ switchboard, origin, apiKey } = app);
  });

  afterAll(async () => {
    await app.close();
  });

  const auth = { authorization: '', 'content-type': 'application/json' };

  it('answers the API under the mount path and leaves the host its own routes', async () => {
    auth.authorization = `Bearer ${apiKey}`;
    const created = await fetch(`${origin}/switchboard/v1/agents`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Embedded' }) });
    expect(created.status).toBe(200);
    const agent = await created.json();
    const listed = await (await fetch(`${origin}/switchboard/v1/agents`, { headers: auth })).json();
    expect(listed.data.map((a: { id: string }) => a.id)).toEqual([agent.id]);
    expect(await (await fetch(`${origin}/elsewhere`)).text()).toBe('host app');
    expect((await fetch(`${origin}/switchboard/v1/agents`)).status).toBe(401);
  });

  it('answers the same requests through the Fetch handler', async () => {
    const response = await switchboard.fetch(
      new Request('http://embedded/switchboard/v1/numbers', {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ country: 'CA' }),
      }),
    );
    expect(response.status).toBe(200);
    const number = await response.json();
    expect(number).toMatchObject({ country: 'CA', status: 'active', agentId: null });
    expect((await switchboard.fetch(new Request('http://embedded/switchboard/health'))).status).toBe(200);
  });

  it('keeps two instances in one process apart', async () => {
    const other = createSwitchboard({ env: {}, storage: 'memory', logger: silentLogger() });
    const response = await other.fetch(
      new Request('http://other/v1/agents', { headers: { authorization: `Bearer ${apiKey}` } }),
    );
    expect(response.status).toBe(401);
    await other.close();
  });
});
