import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, type McpHarness } from '../mcp/mcp-harness.js';

const NODE_CAP = { points: 5, durationSeconds: 86_400 };

/** Two hours of the day that do not hold the present hour in New York: a window closed now. */
const closedWindow = () => {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const start = hour <= 20 ? hour + 2 : hour - 4;
  const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: at(start), dailyEnd: at(start + 1), timeZone: 'America/New_York' };
};
const ALWAYS = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'America/New_York' };

describe('a project’s own outbound settings', () => {
  let h: McpHarness;
  let client: Client;
  let agent: { id: string };
  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory', config: { attemptCap: NODE_CAP } });
    client = await h.httpClient(h.owner.key);
    agent = resultOf(await client.callTool({ name: 'create_agent', arguments: { name: 'Outreach' } }));
    resultOf(await client.callTool({ name: 'buy_number', arguments: { area_code: '415', agent_id: agent.id, confirm: true } }));
  });
  afterAll(async () => {
    await h?.stop();
  });
  const call = (toNumber: string, extra: Record<string, unknown> = {}) => h.api('POST', '/v1/calls', { agentId: agent.id, toNumber, ...extra });

  it('follows the node’s cap until the project sets its own, which then caps every call to a number', async () => {
    expect(await h.api('GET', '/v1/outbound-settings')).toMatchObject({
      status: 200,
      body: { attemptCap: { attempts: 5, withinSeconds: 86_400 }, attemptCapSource: 'node', callingWindow: null },
    });

    const set = await h.api('PATCH', '/v1/outbound-settings', { attemptCap: { attempts: 2, withinSeconds: 7 * 86_400 } });
    expect(set).toMatchObject({ status: 200, body: { attemptCap: { attempts: 2, withinSeconds: 604_800 }, attemptCapSource: 'project' } });

    const tries = [await call('+12125550191'), await call('+12125550191'), await call('+12125550191')];
    expect(tries.map((t) => t.status)).toEqual([200, 200, 429]);
    expect(tries[2]!.body).toMatchObject({ error: { code: 'ATTEMPT_CAP_REACHED' } });

    expect((await h.api('PATCH', '/v1/outbound-settings', { attemptCap: null })).body).toMatchObject({ attemptCap: null, attemptCapSource: 'project' });
    expect((await call('+12125550191')).status).toBe(200);
    expect((await h.api('PATCH', '/v1/outbound-settings', { attemptCap: 'node_default' })).body).toMatchObject({ attemptCap: { attempts: 5 }, attemptCapSource: 'node' });
  });

  it('rings API-placed calls in the project’s default window, unless a call brings its own', async () => {
    const set = await h.api('PATCH', '/v1/outbound-settings', { callingWindow: closedWindow() });
    expect(set).toMatchObject({ status: 200, body: { callingWindow: { timeZone: 'America/New_York' } } });

    expect(await call('+12125550192')).toMatchObject({ status: 422, body: { error: { code: 'OUTSIDE_CALLING_WINDOW' } } });
    expect((await call('+12125550192', { callingWindow: ALWAYS })).status).toBe(200);

    const viaMcp = resultOf(await client.callTool({ name: 'get_outbound_settings', arguments: {} }));
    expect(viaMcp).toMatchObject({ callingWindow: { dailyStart: closedWindow().dailyStart }, attemptCapSource: 'node' });

    expect((await h.api('PATCH', '/v1/outbound-settings', { callingWindow: null })).body).toMatchObject({ callingWindow: null });
    expect((await call('+12125550192')).status).toBe(200);
  });

  it('refuses settings out of bounds with 422 and keeps what was set', async () => {
    await h.api('PATCH', '/v1/outbound-settings', { attemptCap: { attempts: 3, withinSeconds: 86_400 } });
    const tooMany = await h.api('PATCH', '/v1/outbound-settings', { attemptCap: { attempts: 0, withinSeconds: 86_400 } });
    const badZone = await h.api('PATCH', '/v1/outbound-settings', { attemptCap: { attempts: 4, withinSeconds: 86_400 }, callingWindow: { timeZone: 'Mars/Olympus' } });
    const empty = await h.api('PATCH', '/v1/outbound-settings', { callingWindow: { dailyStart: '10:00', dailyEnd: '09:00' } });

    for (const refused of [tooMany, badZone, empty]) expect(refused).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
    expect((await h.api('GET', '/v1/outbound-settings')).body).toMatchObject({ attemptCap: { attempts: 3 }, callingWindow: null });
  });
});
