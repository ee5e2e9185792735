import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { aConversation, aMessage, aNumber } from '../../support/builders.js';
import { anMcpSwitchboard, resultOf, storesUnderTest, toolErrorOf, type McpHarness } from './mcp-harness.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

/** `get_usage` as AgentPhone defines it: a summary by default, or a daily or monthly breakdown. */
describe.each(storesUnderTest())('get_usage on %s', (_, store) => {
  let h: McpHarness;
  let client: Client;
  const call = async (args: Record<string, unknown>) => resultOf(await client.callTool({ name: 'get_usage', arguments: args }));
  const refusal = async (args: Record<string, unknown>) => toolErrorOf(await client.callTool({ name: 'get_usage', arguments: args }));

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store, clock: new FixedClock(NOW) });
    client = await h.httpClient();
    await h.read(async (tx) => {
      const number = aNumber({ projectId: h.owner.projectId });
      const conversation = aConversation(number);
      await tx.numbers.save(number);
      await tx.conversations.save(conversation);
      await tx.messages.save(aMessage(conversation, { receivedAt: new Date('2026-03-09T23:30:00.000Z') }));
      await tx.messages.save(aMessage(conversation, { receivedAt: new Date('2026-02-28T23:30:00.000Z') }));
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('answers the balance summary without a breakdown, as before', async () => {
    expect(await call({})).toMatchObject({ currency: 'USD', balanceCents: expect.any(Number) });
    expect(await call({ breakdown: 'summary' })).toMatchObject({ currency: 'USD' });
  });

  it('answers 30 days by default, and counts a text at 23:30 UTC on the next day in Asia/Tokyo', async () => {
    const daily = await call({ breakdown: 'daily' });
    expect(daily.data).toHaveLength(30);
    expect(daily.data.at(-1).date).toBe('2026-03-10');
    const messages = (series: { data: { date: string; messages: number }[] }) => series.data.map((d) => [d.date, d.messages]);
    expect(messages(await call({ breakdown: 'daily', days: 2 }))).toEqual([['2026-03-09', 1], ['2026-03-10', 0]]);
    expect(messages(await call({ breakdown: 'daily', days: 2, tz: 'Asia/Tokyo' }))).toEqual([['2026-03-09', 0], ['2026-03-10', 1]]);
  });

  it('answers 12 months by default, each month of the zone', async () => {
    const monthly = await call({ breakdown: 'monthly' });
    expect(monthly.data).toHaveLength(12);
    expect(monthly.data[0]).toEqual({ month: '2025-04', messages: 0, calls: 0, voiceMinutes: 0, chargesCents: 0, charges: 0 });
    const messages = (series: { data: { month: string; messages: number }[] }) => series.data.map((d) => [d.month, d.messages]);
    expect(messages(await call({ breakdown: 'monthly', months: 2 }))).toEqual([['2026-02', 1], ['2026-03', 1]]);
    expect(messages(await call({ breakdown: 'monthly', months: 2, tz: 'Asia/Tokyo' }))).toEqual([['2026-02', 0], ['2026-03', 2]]);
  });

  it.each([
    [{ breakdown: 'daily', days: 0 }, 'days'],
    [{ breakdown: 'daily', days: 366 }, 'days'],
    [{ breakdown: 'monthly', months: 25 }, 'months'],
    [{ breakdown: 'daily', tz: 'Mars/Olympus_Mons' }, 'tz'],
    [{ breakdown: 'weekly' }, 'breakdown'],
  ])('refuses %j as a tool error naming %s', async (args, argument) => {
    expect(JSON.stringify(await refusal(args))).toContain(argument);
  });
});
