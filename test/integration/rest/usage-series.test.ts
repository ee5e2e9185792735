import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import { aCall, aConversation, aMessage } from '../../support/builders.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

let h: SwitchboardHarness | undefined;
let database: Database | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await h?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  h = undefined;
  database = undefined;
  dataDir = undefined;
});

/** A signed-up project (its first number charged now) with texts received at `times` and a 61-second call today. */
const setUp = async (times: readonly string[], uow?: UnitOfWork) => {
  h = await aSwitchboard({ clock: new FixedClock(NOW), ...(uow ? { uow } : {}) });
  const owner = await h.signedUp('usage@example.com');
  await h.read(async (tx) => {
    const number = (await tx.numbers.findById(owner.project_id, owner.number_id))!;
    const conversation = aConversation(number);
    await tx.conversations.save(conversation);
    for (const time of times) await tx.messages.save(aMessage(conversation, { receivedAt: new Date(time) }));
    await tx.calls.save(aCall({ projectId: owner.project_id, startedAt: new Date('2026-03-10T09:00:00.000Z'), durationSeconds: 61, status: 'completed' }));
  });
  const get = (path: string) => h!.call('GET', path, { key: owner.api_key });
  return { owner, get };
};

const day = (date: string, counts: Partial<{ messages: number; calls: number; voiceMinutes: number; chargesCents: number }> = {}) => {
  const all = { messages: 0, calls: 0, voiceMinutes: 0, chargesCents: 0, ...counts };
  return { date, ...all, charges: all.chargesCents / 100 };
};

describe('GET /v1/usage/daily and /v1/usage/monthly', () => {
  it('answers the last 30 days by default in UTC, every day present, today last', async () => {
    const { get } = await setUp(['2026-03-09T23:30:00.000Z']);
    const reply = await get('/v1/usage/daily');
    expect(reply.status).toBe(200);
    expect(reply.body.timeZone).toBe('UTC');
    expect(reply.body.data).toHaveLength(30);
    expect(reply.body.data[0]).toEqual(day('2026-02-09'));
    expect(reply.body.data.slice(-2)).toEqual([
      day('2026-03-09', { messages: 1 }),
      day('2026-03-10', { calls: 1, voiceMinutes: 2, chargesCents: 300 }),
    ]);
  });

  it('puts a text at 23:30 UTC on the next day in Asia/Tokyo', async () => {
    const { get } = await setUp(['2026-03-09T23:30:00.000Z']);
    const reply = await get('/v1/usage/daily?days=2&tz=Asia/Tokyo');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: [day('2026-03-09'), day('2026-03-10', { messages: 1, calls: 1, voiceMinutes: 2, chargesCents: 300 })],
      timeZone: 'Asia/Tokyo',
    });
  });

  it('answers months, 12 by default, a text on the last evening of February in UTC falling in March in Tokyo', async () => {
    const { get } = await setUp(['2026-02-28T23:30:00.000Z']);
    const utc = await get('/v1/usage/monthly');
    expect(utc.status).toBe(200);
    expect(utc.body.data.map((m: { month: string }) => m.month)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    expect(utc.body.data.slice(-2).map((m: { messages: number }) => m.messages)).toEqual([1, 0]);
    const tokyo = await get('/v1/usage/monthly?months=2&tz=Asia/Tokyo');
    expect(tokyo.body.data).toEqual([
      { month: '2026-02', messages: 0, calls: 0, voiceMinutes: 0, chargesCents: 0, charges: 0 },
      { month: '2026-03', messages: 1, calls: 1, voiceMinutes: 2, chargesCents: 300, charges: 3 },
    ]);
  });

  it.each([
    ['/v1/usage/daily?days=0', 'days'],
    ['/v1/usage/daily?days=366', 'days'],
    ['/v1/usage/daily?days=ten', 'days'],
    ['/v1/usage/monthly?months=25', 'months'],
    ['/v1/usage/daily?tz=Mars/Olympus_Mons', 'tz'],
    ['/v1/usage/monthly?tz=Not/AZone', 'tz'],
  ])('refuses %s naming %s', async (path, field) => {
    const { get } = await setUp([]);
    const reply = await get(path);
    expect(reply.status).toBe(422);
    expect(reply.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('needs an API key', async () => {
    await setUp([]);
    expect((await h!.call('GET', '/v1/usage/daily')).status).toBe(401);
  });

  it('answers the same series from the embedded database', async () => {
    dataDir = await aMigratedDataDir('switchboard-usage-');
    database = await openDatabase({ dataDir });
    const { get } = await setUp(['2026-03-09T23:30:00.000Z'], database.uow);
    const utc = await get('/v1/usage/daily?days=2');
    const tokyo = await get('/v1/usage/daily?days=2&tz=Asia/Tokyo');
    expect(utc.body.data).toEqual([day('2026-03-09', { messages: 1 }), day('2026-03-10', { calls: 1, voiceMinutes: 2, chargesCents: 300 })]);
    expect(tokyo.body.data).toEqual([day('2026-03-09'), day('2026-03-10', { messages: 1, calls: 1, voiceMinutes: 2, chargesCents: 300 })]);
  });
});
