import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { aVoiceNodeOnPostgres, type VoiceHarness } from '../voice/voice-harness.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const CAP = { points: 3, durationSeconds: 7 * 86_400 };
const CALLEE = '+13125550142';

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
    return [await aVoiceNodeOnPostgres(scratch.url, closing, { attemptCap: CAP }), await aVoiceNodeOnPostgres(scratch.url, closing, { attemptCap: CAP })];
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
});
