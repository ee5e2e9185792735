import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { trustE164, type E164 } from '../../../src/domain/e164.js';
import { aCampaignRig } from '../../support/campaign-rig.js';
import { createScratchDatabase } from '../../support/scratch-database.js';

const serverUrl = process.env.TEST_DATABASE_URL;

const newYorkers = (count: number): E164[] => Array.from({ length: count }, (_, i) => trustE164(`+1212555${String(1000 + i).padStart(4, '0')}`));

/** How many times each number was called. */
const callsPer = (to: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const number of to) counts.set(number, (counts.get(number) ?? 0) + 1);
  return counts;
};

describe.skipIf(!serverUrl)('campaign engine on several nodes sharing one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const databases: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    databases.push(database);
    return database;
  };
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'sb_campaigns');
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    await scratch?.drop();
  });

  it('two nodes running one campaign of 500 recipients call each exactly once', { timeout: 120_000 }, async () => {
    const r = await aCampaignRig({ uow: (await open()).uow });
    const one = r.anotherNode((await open()).uow);
    const two = r.anotherNode((await open()).uow);
    const numbers = newYorkers(500);
    const campaign = await r.startCampaign(numbers, { pacing: { maxConcurrentCalls: 50, callsPerMinute: 600 } });

    for (let round = 0; round < 200 && r.telephony.placedCalls.length < 500; round++) {
      // Both nodes at once (each starting first in turn): the campaign row and the recipients are claimed with SKIP LOCKED.
      const order = round % 2 === 0 ? [one, two] : [two, one];
      await Promise.all(order.map((node) => node.engine.runRound()));
      await r.endAll('completed');
      r.clock.advance(1000);
    }
    await one.engine.runRound();
    await two.engine.runRound();

    const counts = callsPer(r.telephony.placedCalls.map((c) => c.to));
    expect(counts.size).toBe(500);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(one.placed + two.placed).toBe(500);
    expect(one.placed).toBeGreaterThan(0);
    expect(two.placed).toBeGreaterThan(0);
    const results = await r.recipients(campaign);
    expect(results.every((x) => x.recipient.status === 'completed' && x.attempts.length === 1)).toBe(true);
    expect(await r.campaignNow(campaign)).toMatchObject({ status: 'completed' });
  });

  it('a node killed mid-campaign loses nobody and calls nobody twice beyond the attempt it had under way', { timeout: 120_000 }, async () => {
    const r = await aCampaignRig({ uow: (await open()).uow, areaCode: '917' });
    const survivor = r.anotherNode((await open()).uow);
    const killedWhileTalking = r.anotherNode((await open()).uow);
    const killedWhileDialling = r.anotherNode((await open()).uow, 'hangs');
    const numbers = newYorkers(60);
    const campaign = await r.startCampaign(numbers, { pacing: { maxConcurrentCalls: 10, callsPerMinute: 600 } });

    // One node places ten calls and dies with them under way; another dies while placing its ten.
    await killedWhileTalking.engine.runRound();
    expect(killedWhileTalking.placed).toBe(10);
    await r.endAll('completed');
    r.clock.advance(1000);
    void killedWhileDialling.engine.runRound(); // never finishes: its leases are all that is left of it
    await new Promise<void>((resolve) => setImmediate(resolve));

    // The survivor goes on; the dead node's leases run out and it takes their recipients.
    for (let round = 0; round < 400 && r.telephony.placedCalls.length < 60; round++) {
      await survivor.engine.runRound();
      await r.endAll('completed');
      r.clock.advance(1000);
    }
    await survivor.engine.runRound();

    const counts = callsPer(r.telephony.placedCalls.map((c) => c.to));
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const results = await r.recipients(campaign);
    expect(results.filter((x) => x.recipient.status !== 'completed')).toEqual([]);
    expect(await r.campaignNow(campaign)).toMatchObject({ status: 'completed' });
  });
});
