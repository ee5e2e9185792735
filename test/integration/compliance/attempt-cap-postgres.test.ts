import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { aVoiceNodeOnPostgres, type VoiceHarness } from '../voice/voice-harness.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const CAP = { points: 3, durationSeconds: 7 * 86_400 };
const CALLEE = '+13125550142';
/** Every day, all day: the engines may dial whenever the test runs. */
const ANY_TIME = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'America/Chicago' };

/**
 * The attempt cap counts a number's outbound calls under the project's lock: calls placed at
 * once on two nodes of one PostgreSQL get exactly the cap's share, the rest 429 ATTEMPT_CAP_REACHED.
 */
describe.skipIf(!serverUrl)('the outbound attempt cap on two nodes of one PostgreSQL', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  const twoNodes = async (): Promise<[VoiceHarness, VoiceHarness]> => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_attempt_cap');
    closing.push(() => scratch.drop());
    // The test reads the campaigns' progress as fast as it can: far above the per-key rate limit.
    const config = { attemptCap: CAP, rateLimit: { points: 1_000_000, durationSeconds: 1 } };
    return [await aVoiceNodeOnPostgres(scratch.url, closing, config), await aVoiceNodeOnPostgres(scratch.url, closing, config)];
  };

  it('places exactly as many calls to one number as the cap allows, however many come at once on either node', async () => {
    const [a, b] = await twoNodes();
    const line = await a.anAgentOnTheLine();

    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).api('POST', '/v1/calls', { agentId: line.agentId, toNumber: CALLEE }, a.owner.key)),
    );
    const other = await b.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550143' }, a.owner.key);

    expect(tries.filter((t) => t.status === 200)).toHaveLength(CAP.points);
    const refused = tries.filter((t) => t.status !== 200);
    expect(refused).toHaveLength(10 - CAP.points);
    expect(refused.every((t) => t.status === 429 && t.body.error.code === 'ATTEMPT_CAP_REACHED')).toBe(true);
    expect(other.status).toBe(200);
    const placed = await a.api('GET', `/v1/calls?search=${encodeURIComponent(CALLEE)}&limit=50`);
    expect(placed.body.data).toHaveLength(CAP.points);
  });

  it('holds across two campaigns and API calls at once, on either node: the number gets the cap’s share of calls in all', async () => {
    const [a, b] = await twoNodes();
    const line = await a.anAgentOnTheLine();
    const campaign = (node: VoiceHarness, name: string) =>
      node.api('POST', '/v1/campaigns', { name, agentId: line.agentId, schedule: ANY_TIME, retry: { maxAttempts: 1 }, recipients: [{ phoneNumber: CALLEE }, { phoneNumber: '+13125550144' }] }, a.owner.key);
    const first = await campaign(a, 'First');
    const second = await campaign(b, 'Second');
    expect([first.status, second.status]).toEqual([201, 201]);

    const [, , ...direct] = await Promise.all([
      a.api('POST', `/v1/campaigns/${first.body.id}/start`, undefined, a.owner.key),
      b.api('POST', `/v1/campaigns/${second.body.id}/start`, undefined, a.owner.key),
      ...Array.from({ length: 4 }, (_, i) => (i % 2 === 0 ? a : b).api('POST', '/v1/calls', { agentId: line.agentId, toNumber: CALLEE }, a.owner.key)),
    ]);
    // Each campaign's attempts end placed, or refused by the cap (failed).
    for (const id of [first.body.id, second.body.id]) {
      await eventually(async () => {
        const page = await a.api('GET', `/v1/campaigns/${id}/recipients?limit=10`, undefined, a.owner.key);
        const recipients = page.body.data as { phoneNumber: string; status: string }[];
        return recipients.length === 2 && recipients.every((r) => r.status !== 'pending') ? recipients : null;
      }, { what: 'the campaign to dial both numbers or give the capped one up' });
    }

    // A recipient is in progress from its claim, a moment before its call is stored: the calls are
    // waited for until at least as many as expected are there, and then counted exactly.
    const callsTo = (number: string, atLeast: number) =>
      eventually(async () => {
        const calls = (await a.api('GET', `/v1/calls?search=${encodeURIComponent(number)}&limit=50`, undefined, a.owner.key)).body.data as unknown[];
        return calls.length >= atLeast ? calls : null;
      }, { what: `${atLeast} calls to ${number}` });
    expect(await callsTo(CALLEE, CAP.points)).toHaveLength(CAP.points);
    expect(direct.filter((t) => t.status !== 200).every((t) => t.status === 429 && t.body.error.code === 'ATTEMPT_CAP_REACHED')).toBe(true);
    expect(await callsTo('+13125550144', 2)).toHaveLength(2);
  });
});
