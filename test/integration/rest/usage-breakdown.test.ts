import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { aCall, aConversation, aMessage } from '../../support/builders.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

// A Tuesday, 23:30 in UTC and already Wednesday in Tokyo.
const NOW = new Date('2026-03-10T23:30:00.000Z');

let h: SwitchboardHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A signed-up project (its first number charged now) with a text in and one out on its number and a 61-second call of its agent today. */
const setUp = async () => {
  h = await aSwitchboard({ clock: new FixedClock(NOW) });
  const owner = await h.signedUp('breakdown@example.com');
  await h.read(async (tx) => {
    const number = (await tx.numbers.findById(owner.project_id, owner.number_id))!;
    const conversation = aConversation(number);
    await tx.conversations.save(conversation);
    await tx.messages.save(aMessage(conversation, { direction: 'inbound', receivedAt: new Date('2026-03-10T09:00:00.000Z') }));
    await tx.messages.save(aMessage(conversation, { direction: 'outbound', receivedAt: new Date('2026-03-10T09:01:00.000Z') }));
    await tx.messages.save(aMessage(conversation, { direction: 'inbound', receivedAt: new Date('2026-02-27T09:00:00.000Z') }));
    await tx.calls.save(
      aCall({ projectId: owner.project_id, agentId: owner.agent_id, phoneNumberId: owner.number_id, startedAt: new Date('2026-03-10T10:00:00.000Z'), durationSeconds: 61, status: 'completed' }),
    );
  });
  const get = (path: string) => h!.call('GET', path, { key: owner.api_key });
  return { owner, get };
};

describe('GET /v1/usage/by-number and /v1/usage/by-agent', () => {
  it("answers this month in UTC by default: per number its calls, minutes, texts in and out and its rent; per agent the same through its number", async () => {
    const { owner, get } = await setUp();

    const byNumber = await get('/v1/usage/by-number');
    const byAgent = await get('/v1/usage/by-agent');

    expect(byNumber.status).toBe(200);
    const charged = byNumber.body.data[0].chargesCents;
    expect(charged).toBeGreaterThan(0);
    const counts = { calls: 1, voiceMinutes: 2, messages: 2, messagesInbound: 1, messagesOutbound: 1, chargesCents: charged, charges: charged / 100 };
    expect(byNumber.body).toEqual({
      data: [{ numberId: owner.number_id, phoneNumber: owner.phone_number, agentId: owner.agent_id, ...counts }],
      period: 'month',
      from: '2026-03-01',
      to: '2026-03-31',
      timeZone: 'UTC',
    });
    expect(byAgent.body.data).toEqual([{ agentId: owner.agent_id, name: expect.any(String), ...counts }]);
  });

  it("draws the period in the caller's zone: today in Tokyo is already tomorrow, this week starts on Monday, from/to count both days", async () => {
    const { get } = await setUp();

    const tokyoToday = await get('/v1/usage/by-number?period=day&tz=Asia/Tokyo');
    const week = await get('/v1/usage/by-agent?period=week');
    const february = await get('/v1/usage/by-number?from=2026-02-01&to=2026-02-28');

    expect([tokyoToday.body.from, tokyoToday.body.to, tokyoToday.body.data[0].messages]).toEqual(['2026-03-11', '2026-03-11', 0]);
    expect([week.body.period, week.body.from, week.body.to, week.body.data[0].calls]).toEqual(['week', '2026-03-09', '2026-03-15', 1]);
    expect(february.body).toMatchObject({ period: null, from: '2026-02-01', to: '2026-02-28', data: [{ messages: 1, calls: 0, chargesCents: 0 }] });
  });

  it('refuses a bad window with 422 and every problem at once, each named as sent', async () => {
    const { get } = await setUp();

    const everything = await get('/v1/usage/by-number?period=week&from=2026-03-05&to=2026-03-01&tz=Mars/Olympus');
    const halfOpen = await get('/v1/usage/by-agent?from=2026-03-01');
    const malformed = await get('/v1/usage/by-agent?period=year&to=2026-02-30');
    const tooLong = await get('/v1/usage/by-agent?from=2025-01-01&to=2026-01-02');

    expect(everything.status).toBe(422);
    expect(everything.body.error.details.map((d: { field: string }) => d.field)).toEqual(['tz', 'period', 'to']);
    expect(halfOpen.body.error.details).toEqual([expect.objectContaining({ field: 'to' })]);
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.details.map((d: { field: string }) => d.field)).toEqual(['period', 'to']);
    expect(JSON.stringify(malformed.body)).toContain('day, week, month');
    expect(tooLong.body.error.details).toEqual([expect.objectContaining({ field: 'to', message: expect.stringContaining('366') })]);
  });
});
