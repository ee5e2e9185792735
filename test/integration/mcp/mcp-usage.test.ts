import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { aConversation, aMessage, aNumber, anAgent } from '../../support/builders.js';
import { anMcpSwitchboard, resultOf, storesUnderTest, toolErrorOf, type McpHarness } from './mcp-harness.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

/** `get_usage` as AgentPhone defines it: a summary by default, or a daily or monthly breakdown. */
describe.each(storesUnderTest())('get_usage on %s', (_, store) => {
  let h: McpHarness;
  let client: Client;
  let numberId: string;
  let agentId: string;
  const call = async (args: Record<string, unknown>) => resultOf(await client.callTool({ name: 'get_usage', arguments: args }));
  const refusal = async (args: Record<string, unknown>) => toolErrorOf(await client.callTool({ name: 'get_usage', arguments: args }));

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store, clock: new FixedClock(NOW) });
    client = await h.httpClient();
    await h.read(async (tx) => {
      const agent = anAgent({ projectId: h.owner.projectId });
      const number = aNumber({ projectId: h.owner.projectId, agentId: agent.id });
      numberId = number.id;
      agentId = agent.id;
      const conversation = aConversation(number);
      await tx.agents.save(agent);
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

  it('groups by number over the month by default, or over the last days or months with breakdown daily or monthly', async () => {
    const messagesOf = (usage: { data: { numberId: string; messages: number }[] }) => usage.data.find((line) => line.numberId === numberId)?.messages;

    const month = await call({ group_by: 'number' });
    const lastTwoDays = await call({ group_by: 'number', breakdown: 'daily', days: 2 });
    const lastTwoMonths = await call({ group_by: 'number', breakdown: 'monthly', months: 2 });
    const tokyoDay = await call({ group_by: 'number', period: 'day', tz: 'Asia/Tokyo' });

    expect([month.period, month.from, month.to, messagesOf(month)]).toEqual(['month', '2026-03-01', '2026-03-31', 1]);
    expect([lastTwoDays.period, lastTwoDays.from, lastTwoDays.to, messagesOf(lastTwoDays)]).toEqual([null, '2026-03-09', '2026-03-10', 1]);
    expect([lastTwoMonths.from, lastTwoMonths.to, messagesOf(lastTwoMonths)]).toEqual(['2026-02-01', '2026-03-31', 2]);
    expect([tokyoDay.from, messagesOf(tokyoDay)]).toEqual(['2026-03-10', 1]);
  });

  it('groups by agent with the same window arguments, as GET /v1/usage/by-agent answers', async () => {
    const week = await call({ group_by: 'agent', period: 'week' });
    const february = await call({ group_by: 'agent', from: '2026-02-01', to: '2026-02-28' });

    expect([week.period, week.from, week.to]).toEqual(['week', '2026-03-09', '2026-03-15']);
    const line = (usage: { data: { agentId: string; messages: number }[] }) => usage.data.find((l) => l.agentId === agentId);
    expect([week.period, week.from, week.to]).toEqual(['week', '2026-03-09', '2026-03-15']);
    expect(line(week)).toEqual(expect.objectContaining({ name: 'Receptionist', messages: 1, messagesInbound: 1, calls: 0 }));
    expect([february.period, february.from, february.to, line(february)?.messages]).toEqual([null, '2026-02-01', '2026-02-28', 1]);
  });

  it.each([
    [{ group_by: 'campaign' }, 'group_by'],
    [{ group_by: 'number', breakdown: 'daily', period: 'week' }, 'period'],
    [{ group_by: 'agent', from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ group_by: 'agent', from: '2026-03-01' }, 'to'],
    [{ breakdown: 'daily', days: 0 }, 'days'],
    [{ breakdown: 'daily', days: 366 }, 'days'],
    [{ breakdown: 'monthly', months: 25 }, 'months'],
    [{ breakdown: 'daily', tz: 'Mars/Olympus_Mons' }, 'tz'],
    [{ breakdown: 'weekly' }, 'breakdown'],
  ])('refuses %j as a tool error naming %s', async (args, argument) => {
    expect(JSON.stringify(await refusal(args))).toContain(argument);
  });
});
