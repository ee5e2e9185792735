import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { recordOptChanges } from '../../../src/application/use-cases/messages/opt-outs.js';
import { trustE164, type E164 } from '../../../src/domain/e164.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { aCampaignRig, MONDAY_0830_EASTERN } from '../../support/campaign-rig.js';
import { aWebhook } from '../../support/builders.js';
import { queriesOf } from '../../../src/bootstrap/composition/store-queries.js';

const NEW_YORK = trustE164('+12125550100');
const LOS_ANGELES = trustE164('+13105550100');
const MINUTE = 60_000;

/** `count` distinct New York numbers. */
const newYorkers = (count: number, from = 200): E164[] => Array.from({ length: count }, (_, i) => trustE164(`+1212555${String(from + i).padStart(4, '0')}`));

const rig = () => aCampaignRig({ uow: new InMemoryUnitOfWork() });

describe('campaign engine (fake clock, simulated carrier)', () => {
  it("calls each recipient within the calling hours of the recipient's own time zone", async () => {
    const r = await rig();
    const campaign = await r.startCampaign([NEW_YORK, LOS_ANGELES]);

    await r.engine.runRound(); // 08:30 in New York, 05:30 in Los Angeles
    expect(r.telephony.placedCalls.map((c) => c.to)).toEqual([NEW_YORK]);
    const waiting = (await r.recipients(campaign)).find((x) => x.recipient.phoneNumber === LOS_ANGELES)!.recipient;
    expect(waiting).toMatchObject({ status: 'pending', timeZone: 'America/Los_Angeles', nextAttemptAt: new Date('2026-11-24T16:00:00.000Z') });

    r.clock.set(new Date('2026-11-24T15:59:00.000Z'));
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(1);
    r.clock.set(new Date('2026-11-24T16:00:00.000Z')); // 08:00 in Los Angeles
    await r.engine.runRound();
    expect(r.telephony.placedCalls.map((c) => c.to)).toEqual([NEW_YORK, LOS_ANGELES]);
  });

  it("places each attempt as a normal outbound call with the recipient's variables in the greeting", async () => {
    const r = await rig();
    const campaign = await r.startCampaign([NEW_YORK]);
    await r.engine.runRound();
    const [placed] = r.telephony.placedCalls;
    expect(placed!.greeting).toBe('Hello Person 0, this is a reminder.');
    const [result] = await r.recipients(campaign);
    expect(result!.recipient).toMatchObject({ status: 'in_progress', attempts: 1, lastCallId: placed!.callId });
    expect(result!.attempts).toEqual([expect.objectContaining({ attempt: 1, callId: placed!.callId, outcome: null })]);
    const call = await r.read((tx) => tx.calls.findById(r.project.id, placed!.callId));
    expect(call).toMatchObject({ direction: 'outbound', agentId: r.agent.id, toNumber: NEW_YORK, status: 'in-progress' });
  });

  it('never has more than maxConcurrentCalls calls under way', async () => {
    const r = await rig();
    await r.startCampaign(newYorkers(7), { pacing: { maxConcurrentCalls: 3, callsPerMinute: 600 } });
    for (let round = 0; round < 3; round++) {
      r.clock.advance(1000);
      await r.engine.runRound();
      expect(r.liveCalls().length).toBeLessThanOrEqual(3);
    }
    expect(r.liveCalls()).toHaveLength(3);
    await r.endCall(r.liveCalls()[0]!.callId, 'completed');
    r.clock.advance(1000);
    await r.engine.runRound();
    expect(r.liveCalls()).toHaveLength(3);
    expect(r.telephony.placedCalls).toHaveLength(4);
  });

  it('starts no more than callsPerMinute calls a minute, spread over the minute', async () => {
    const r = await rig();
    await r.startCampaign(newYorkers(20), { pacing: { maxConcurrentCalls: 20, callsPerMinute: 6 } });
    const startedAt = r.clock.now().getTime();
    const placedAt: number[] = [];
    // A round every second for two minutes; every call is answered and ends at once.
    for (let second = 0; second < 120; second++) {
      await r.engine.runRound();
      while (placedAt.length < r.telephony.placedCalls.length) placedAt.push(r.clock.now().getTime() - startedAt);
      await r.endAll('completed');
      r.clock.advance(1000);
    }
    expect(placedAt).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110].map((s) => s * 1000));
    for (let from = 0; from <= 60_000; from += 1000) {
      expect(placedAt.filter((at) => at >= from && at < from + MINUTE).length).toBeLessThanOrEqual(6);
    }
  });

  it('retries busy and no-answer with growing backoff until the attempts run out', async () => {
    const r = await rig();
    const campaign = await r.startCampaign([NEW_YORK]); // 3 attempts, 600 s then 1200 s
    await r.engine.runRound();
    await r.endAll('busy');
    await r.engine.runRound();
    let [result] = await r.recipients(campaign);
    expect(result!.recipient).toMatchObject({ status: 'retry_scheduled', lastOutcome: 'busy', attempts: 1 });
    expect(result!.recipient.nextAttemptAt).toEqual(new Date(r.clock.now().getTime() + 600_000));

    r.clock.advance(599_000);
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(1);
    r.clock.advance(1000);
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(2);
    await r.endAll('no-answer');
    await r.engine.runRound();
    [result] = await r.recipients(campaign);
    expect(result!.recipient).toMatchObject({ status: 'retry_scheduled', lastOutcome: 'no_answer', attempts: 2 });
    expect(result!.recipient.nextAttemptAt).toEqual(new Date(r.clock.now().getTime() + 1_200_000));

    r.clock.advance(1_200_000);
    await r.engine.runRound();
    await r.endAll('busy');
    await r.engine.runRound();
    [result] = await r.recipients(campaign);
    expect(result!.recipient).toMatchObject({ status: 'failed', lastOutcome: 'busy', attempts: 3 });
    expect(result!.attempts.map((a) => a.outcome)).toEqual(['busy', 'no_answer', 'busy']);
    r.clock.advance(3_600_000);
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(3);
    expect(await r.campaignNow(campaign)).toMatchObject({ status: 'completed' });
  });

  it('records a voicemail: done when the agent leaves its message, retried when the campaign says so', async () => {
    const r = await rig();
    const leave = await r.startCampaign([NEW_YORK]);
    const retry = await r.startCampaign([LOS_ANGELES], { voicemail: 'retry', schedule: { ...r.settings().schedule, dailyStartMinute: 0 } });
    await r.engine.runRound();
    await r.endAll('voicemail');
    await r.engine.runRound();
    expect((await r.recipients(leave))[0]!.recipient).toMatchObject({ status: 'completed', lastOutcome: 'voicemail' });
    expect((await r.recipients(retry))[0]!.recipient).toMatchObject({ status: 'retry_scheduled', lastOutcome: 'voicemail' });
  });

  it('dials nobody while paused, goes on after resume, and skips everyone left on cancel', async () => {
    const r = await rig();
    let campaign = await r.startCampaign(newYorkers(4), { pacing: { maxConcurrentCalls: 1, callsPerMinute: 600 } });
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(1);
    campaign = await r.act(campaign, 'pause');
    await r.endAll('completed');
    r.clock.advance(10_000);
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(1);
    expect((await r.recipients(campaign))[0]!.recipient.status).toBe('completed'); // the call under way is still recorded

    campaign = await r.act(campaign, 'resume');
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(2);
    campaign = await r.act(campaign, 'cancel');
    await r.endAll('busy');
    r.clock.advance(3_600_000);
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(2);
    expect((await r.recipients(campaign)).map((x) => [x.recipient.status, x.recipient.skipReason])).toEqual([
      ['completed', null],
      ['skipped', 'cancelled'],
      ['skipped', 'cancelled'],
      ['skipped', 'cancelled'],
    ]);
  });

  it('never calls someone who texted STOP, in any campaign', async () => {
    const r = await rig();
    const [stopper, other] = newYorkers(2);
    const campaign = await r.startCampaign([stopper!, other!], { pacing: { maxConcurrentCalls: 1, callsPerMinute: 600 } });
    await r.read((tx) => recordOptChanges(tx, { ids: new TimeSortableIdGenerator(), clock: r.clock }, [{ projectId: r.project.id, from: stopper!, body: ' stop ' }]));
    for (let i = 0; i < 3; i++) {
      await r.engine.runRound();
      await r.endAll('completed');
      r.clock.advance(1000);
    }
    expect(r.telephony.placedCalls.map((c) => c.to)).toEqual([other]);
    const contact = await r.read((tx) => tx.contacts.findByPhoneNumber(r.project.id, stopper!));
    expect(contact).toMatchObject({ doNotCall: true });
    expect((await r.recipients(campaign)).map((x) => x.recipient.skipReason)).toEqual(['do_not_call', null]);
    // A later campaign adds them as skipped from the start.
    const later = await r.startCampaign([stopper!]);
    expect((await r.recipients(later))[0]!.recipient).toMatchObject({ status: 'skipped', skipReason: 'do_not_call' });
  });

  it('pauses a campaign whose agent was deleted, saying why, and gives the recipient back', async () => {
    const r = await rig();
    const campaign = await r.startCampaign([NEW_YORK]);
    await r.read((tx) => tx.agents.delete(r.project.id, r.agent.id));
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(0);
    expect(await r.campaignNow(campaign)).toMatchObject({ status: 'paused', pausedReason: expect.stringContaining('agent_deleted') });
    expect((await r.recipients(campaign))[0]!.recipient).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('starts a scheduled campaign when its start comes', async () => {
    const r = await rig();
    const startAt = new Date(MONDAY_0830_EASTERN.getTime() + 3_600_000);
    const campaign = await r.startCampaign([NEW_YORK], { schedule: { ...r.settings().schedule, startAt } });
    expect(campaign.status).toBe('scheduled');
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(0);
    r.clock.set(startAt);
    await r.engine.runRound();
    await r.engine.runRound();
    expect(r.telephony.placedCalls).toHaveLength(1);
    expect(await r.campaignNow(campaign)).toMatchObject({ status: 'running' });
  });

  it("refuses a campaign with every problem of the request at once, the edge's first", async () => {
    const r = await rig();
    const refused = await r.useCases.createCampaign.execute({
      projectId: r.project.id,
      settings: r.settings({
        agentId: 'agt_unknown',
        pacing: { maxConcurrentCalls: 0, callsPerMinute: 601 },
        schedule: { ...r.settings().schedule, dailyStartMinute: 600, dailyEndMinute: 600, defaultTimeZone: 'Mars/Olympus' },
      }),
      recipients: [],
      problems: [{ field: 'recipients.0.phoneNumber', message: 'must be a valid US or Canadian phone number in E.164 form', type: 'value_error' }],
    })();
    expect(E.isLeft(refused) && refused.left.details.map((d) => d.field)).toEqual([
      'recipients.0.phoneNumber',
      'pacing.maxConcurrentCalls',
      'pacing.callsPerMinute',
      'schedule.dailyEnd',
      'schedule.defaultTimeZone',
      'agentId',
    ]);
  });

  it('sends campaign.started, campaign.recipient_completed and campaign.completed through the webhook outbox', async () => {
    const r = await rig();
    await r.read((tx) => tx.webhooks.save(aWebhook({ projectId: r.project.id })));
    const campaign = await r.startCampaign([NEW_YORK, LOS_ANGELES], { schedule: { ...r.settings().schedule, dailyStartMinute: 0 }, retry: { ...r.settings().retry, maxAttempts: 1 } });
    await r.engine.runRound();
    await r.endCall(r.liveCalls()[0]!.callId, 'completed');
    await r.endCall(r.liveCalls()[0]!.callId, 'busy');
    await r.engine.runRound();
    await r.engine.runRound();
    const events = (await queriesOf(r.uow).deliveries.page(r.project.id, { limit: 20, offset: 0, since: null, agentId: null })).items;
    const bodies = [...events].reverse().map((d) => JSON.parse(d.body)).filter((b) => b.event.startsWith('campaign.'));
    expect(bodies.map((b) => [b.event, b.data.outcome ?? b.data.status])).toEqual([
      ['campaign.started', 'running'],
      ['campaign.recipient_completed', 'answered'],
      ['campaign.recipient_completed', 'busy'],
      ['campaign.completed', 'completed'],
    ]);
    expect(bodies[1].data).toMatchObject({ campaignId: campaign.id, phoneNumber: NEW_YORK, status: 'completed', attempts: 1, variables: { firstName: 'Person 0' } });
    expect(bodies[2].data).toMatchObject({ phoneNumber: LOS_ANGELES, status: 'failed', callId: expect.stringMatching(/^call_/) });
  });
});
