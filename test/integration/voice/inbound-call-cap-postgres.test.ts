import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { aVoiceNodeOnPostgres, type VoiceHarness } from './voice-harness.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Callers ringing one project at once, on two nodes sharing one PostgreSQL: a new call's reads
 * come before the transaction that locks the project and counts its calls in progress, and the
 * cap must hold all the same.
 */
describe.skipIf(!serverUrl)('inbound calls over the cap, ringing at once on two nodes of one PostgreSQL', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  const twoNodes = async (): Promise<[VoiceHarness, VoiceHarness]> => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_call_cap');
    closing.push(() => scratch.drop());
    return [await aVoiceNodeOnPostgres(scratch.url, closing), await aVoiceNodeOnPostgres(scratch.url, closing)];
  };

  it('opens exactly as many calls as the cap and records every other one failed (concurrency_limit), once per carrier call', async () => {
    const [a, b] = await twoNodes();
    const line = await a.anAgentOnTheLine();
    const capped = await a.sut.useCases().admin.setCallLimit.execute({ projectId: a.owner.projectId, limit: 3 })();
    if (E.isLeft(capped)) throw new Error(capped.left._tag);

    const callers = Array.from({ length: 12 }, (_, i) => `+1415555${String(1000 + i)}`);
    const rung = await Promise.all(callers.map((from, i) => (i % 2 === 0 ? a : b).inboundCall(line.phoneNumber, from)));
    const answered = rung.filter((call) => call.relayUrl !== null);
    const retried = await b.twilioPost('/twilio/voice', {
      CallSid: answered[0]!.callSid,
      AccountSid: `AC${'0'.repeat(32)}`,
      From: '+14155550000',
      To: line.phoneNumber,
      CallStatus: 'ringing',
      Direction: 'inbound',
    });

    expect(rung.every((call) => call.status === 200)).toBe(true);
    expect(answered).toHaveLength(3);
    expect(rung.filter((call) => /all our lines are busy/.test(call.twiml))).toHaveLength(9);
    expect(retried.text).toContain(`callId=${answered[0]!.callId}`);
    const live = await a.api('GET', '/v1/calls?status=in-progress&limit=50');
    const failed = await a.api('GET', '/v1/calls?status=failed&limit=50');
    expect(live.body.data.map((call: { id: string }) => call.id).sort()).toEqual(answered.map((call) => call.callId).sort());
    expect(failed.body.data).toHaveLength(9);
    expect(failed.body.data.every((call: { disconnectionReason: string }) => call.disconnectionReason === 'concurrency_limit')).toBe(true);
  });
});
