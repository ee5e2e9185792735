import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeoCarrierNumberTimeZones } from '../../../src/adapters/libphonenumber-geo-carrier/geo-carrier-number-time-zones.js';
import { LuxonTimeZoneCalendar } from '../../../src/adapters/luxon/luxon-time-zone-calendar.js';
import { callingWindowRefusal } from '../../../src/application/compliance/calling-window-check.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from '../mcp/mcp-harness.js';

const NEW_YORK = '+12125550161';
const deps = { calendar: new LuxonTimeZoneCalendar(), numberZones: new GeoCarrierNumberTimeZones() };
const WEEKDAYS_9_TO_8 = { weekdays: [1, 2, 3, 4, 5] as const, dailyStartMinute: 9 * 60, dailyEndMinute: 20 * 60, defaultTimeZone: 'America/Chicago' };

/** Two hours of the day that do not hold the present hour in New York: a window closed now. */
const closedWindow = () => {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const start = hour <= 20 ? hour + 2 : hour - 4;
  const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: at(start), dailyEnd: at(start + 1), timeZone: 'America/New_York' };
};

describe('a calling window on API-placed calls', () => {
  it('lets a call through within the hours in the callee’s own time zone and names when a closed window opens', async () => {
    // Monday 2026-11-30 13:30 UTC is 08:30 in New York (closed) and 07:30 in Chicago.
    const monday = new Date('2026-11-30T13:30:00Z');

    const early = await callingWindowRefusal(deps, { ...WEEKDAYS_9_TO_8, weekdays: [...WEEKDAYS_9_TO_8.weekdays] }, trustE164(NEW_YORK), monday);
    const later = await callingWindowRefusal(deps, { ...WEEKDAYS_9_TO_8, weekdays: [...WEEKDAYS_9_TO_8.weekdays] }, trustE164(NEW_YORK), new Date('2026-11-30T14:00:00Z'));

    expect(early).toMatchObject({ reason: 'outside_calling_window', message: expect.stringContaining('opens at 2026-11-30T14:00:00.000Z') });
    expect(later).toBeNull();
  });

  describe('through REST and MCP', () => {
    let h: McpHarness;
    let client: Client;
    let agent: { id: string };
    beforeAll(async () => {
      h = await anMcpSwitchboard({ store: 'memory' });
      client = await h.httpClient(h.owner.key);
      agent = resultOf(await client.callTool({ name: 'create_agent', arguments: { name: 'Outreach' } }));
      resultOf(await client.callTool({ name: 'buy_number', arguments: { area_code: '415', agent_id: agent.id, confirm: true } }));
    });
    afterAll(async () => {
      await h?.stop();
    });

    it('refuses a call outside its callingWindow with 422 OUTSIDE_CALLING_WINDOW, places one inside it, and checks the zone', async () => {
      const closed = await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: NEW_YORK, callingWindow: closedWindow() });
      const open = await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: NEW_YORK, callingWindow: { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00' } });
      const badZone = await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: NEW_YORK, callingWindow: { timeZone: 'Mars/Olympus' } });
      const viaMcp = (await client.callTool({ name: 'make_call', arguments: { agent_id: agent.id, to_number: NEW_YORK, calling_window: closedWindow() } })) as { isError?: boolean };

      expect(closed).toMatchObject({ status: 422, body: { error: { code: 'OUTSIDE_CALLING_WINDOW', message: expect.stringContaining('opens at') } } });
      expect(open.status).toBe(200);
      expect(badZone).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
      expect(toolErrorOf(viaMcp)).toMatchObject({ code: 'OUTSIDE_CALLING_WINDOW' });
    });
  });
});
