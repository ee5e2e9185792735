/**
 * `npm run bench:campaigns`: a campaign of 100,000 recipients (CAMPAIGN_BENCH_RECIPIENTS) on
 * PostgreSQL (DATABASE_URL; a scratch database is made and dropped), the simulated carrier
 * answering every call at once, run twice in one process: without the compliance checks' data,
 * then with part of the list suppressed and an attempt cap set, printed side by side.
 * Time is simulated (a fixed clock moved one second per engine round, as the engine's poll
 * would), so the achieved dial rate is compared with the configured pace in campaign time,
 * while the wall time the rounds take gives the scheduler's cost per call. Baseline, measured
 * in the same run: placing the same calls directly with PlaceOutboundCall, no campaign.
 * What it prints is recorded in bench/results/<date>-campaigns.md when the run ends.
 */
import * as E from 'fp-ts/lib/Either.js';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import { trustE164, type E164 } from '../src/domain/e164.js';
import { aCampaignRig } from '../test/support/campaign-rig.js';
import { createScratchDatabase } from '../test/support/scratch-database.js';
import { runBench } from './support/figures.js';
import { SYSTEM_ORIGIN } from '../test/support/audit-builders.js';

const RECIPIENTS = Number(process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 100_000);
const BASELINE_CALLS = Math.min(1000, RECIPIENTS);
const PACE = { maxConcurrentCalls: 100, callsPerMinute: Number(process.env.CAMPAIGN_BENCH_PACE ?? 600) };
/** With the checks on: every twentieth recipient is on the suppression list, and the project has an attempt cap. */
const SUPPRESSED_SHARE = 0.05;
const CAP = { points: 7, durationSeconds: 7 * 86_400 };

type Rig = Awaited<ReturnType<typeof aCampaignRig>>;

/** The campaign's own pace, not the project's default cap on calls in progress, bounds its calls at once. */
const allowCallsAtOnce = (r: Rig) => r.read((tx) => tx.projects.save({ ...r.project, maxConcurrentCalls: PACE.maxConcurrentCalls }));

/**
 * One campaign to its end, rounds timed on the wall clock and campaign time moved one second a
 * round; with `compliance`, the suppression list and attempt cap are set on the rig's project first.
 */
const campaignRun = async (r: Rig, options: { readonly compliance: boolean }) => {
  const targets = numbers(RECIPIENTS, '212');
  if (options.compliance) {
    await r.read(async (tx) => {
      const now = r.clock.now();
      for (let i = 0; i < targets.length; i += Math.round(1 / SUPPRESSED_SHARE)) {
        await tx.suppressions.add({ projectId: r.project.id, phoneNumber: targets[i]!, channel: 'voice', reason: 'bench', source: 'operator', createdAt: now });
      }
      await tx.projects.save({ ...r.project, maxConcurrentCalls: PACE.maxConcurrentCalls, outbound: { attemptCap: CAP } });
    });
  }
  const placedBefore = r.telephony.placedCalls.length;
  const campaign = await r.startCampaign(targets, { pacing: PACE });
  const simulatedStart = r.clock.now().getTime();
  let roundsMs = 0;
  let rounds = 0;
  while (true) {
    const started = performance.now();
    await r.engine.runRound();
    roundsMs += performance.now() - started;
    rounds += 1;
    await r.endAll('completed');
    if ((await r.campaignNow(campaign))?.status === 'completed') break;
    r.clock.advance(1000);
    if (rounds > RECIPIENTS * 10) throw new Error('the campaign did not complete');
  }
  const placed = r.telephony.placedCalls.length - placedBefore;
  const simulatedMinutes = (r.clock.now().getTime() - simulatedStart) / 60_000;
  return { placed, skipped: RECIPIENTS - placed, rounds, rate: placed / simulatedMinutes, settledRate: RECIPIENTS / simulatedMinutes, perCall: roundsMs / placed };
};

const numbers = (count: number, areaCode: string): E164[] =>
  Array.from({ length: count }, (_, i) => trustE164(`+1${areaCode}${String(2_000_000 + i).padStart(7, '0')}`));

runBench('campaigns', async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a PostgreSQL server (a scratch database is created on it)');
  const scratch = await createScratchDatabase(url, 'sb_bench_campaigns');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
  try {
    const r = await aCampaignRig({ uow: database.uow });
    await allowCallsAtOnce(r);

    // Baseline: the same calls placed directly, one after another.
    const baselineTargets = numbers(BASELINE_CALLS, '646');
    let baselineMs = 0;
    for (const toNumber of baselineTargets) {
      const started = performance.now();
      const placed = await r.placeOutboundCall.execute({
        projectId: r.project.id,
        agentId: r.agent.id,
        toNumber,
        fromNumberId: null,
        initialGreeting: null,
        voice: null,
        systemPrompt: null,
        origin: SYSTEM_ORIGIN,
      })();
      baselineMs += performance.now() - started;
      if (E.isLeft(placed)) throw new Error(placed.left._tag);
      // Ended at once, untimed: the project's cap on calls in progress would refuse the rest.
      await r.endCall(placed.right.id, 'completed');
    }
    await r.endAll('completed');

    const plain = await campaignRun(r, { compliance: false });
    // The same campaign with the checks on: part of its list suppressed, and the project's attempt cap set.
    const other = await aCampaignRig({ uow: database.uow, areaCode: '917' });
    await allowCallsAtOnce(other);
    const checked = await campaignRun(other, { compliance: true });
    const baselinePerCall = baselineMs / BASELINE_CALLS;
    const side = (label: string, a: string, b: string) => `${label.padEnd(31)}${a.padEnd(26)}${b}`;
    const lines = [
      `campaign of ${RECIPIENTS} recipients on PostgreSQL, simulated carrier answering at once; pace ${PACE.callsPerMinute} calls/min, ${PACE.maxConcurrentCalls} at once`,
      `checks on: ${SUPPRESSED_SHARE * 100}% of the list suppressed for calls, attempt cap ${CAP.points} in ${CAP.durationSeconds / 86_400} days`,
      side('', 'checks off', 'checks on'),
      side('calls placed', `${plain.placed}`, `${checked.placed} (${checked.skipped} skipped as suppressed)`),
      side('dialling rate (campaign)', `${plain.rate.toFixed(1)} calls/min`, `${checked.rate.toFixed(1)} calls/min`),
      side('engine wall time per dial', `${plain.perCall.toFixed(3)} ms`, `${checked.perCall.toFixed(3)} ms`),
      side('recipients settled (campaign)', `${plain.settledRate.toFixed(1)} a minute`, `${checked.settledRate.toFixed(1)} a minute`),
      side('rounds', `${plain.rounds}`, `${checked.rounds}`),
      `checks' cost per dial      ${(checked.perCall - plain.perCall).toFixed(3)} ms (on / off: ${(checked.perCall / plain.perCall).toFixed(3)}; dialling rate on / off: ${(checked.rate / plain.rate).toFixed(3)})`,
      `baseline per call          ${baselinePerCall.toFixed(2)} ms (PlaceOutboundCall alone, one after another, ${BASELINE_CALLS} calls)`,
      `max sustainable pace       ${(60_000 / plain.perCall).toFixed(0)} calls/min per node off, ${(60_000 / checked.perCall).toFixed(0)} on (wall time)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
    await scratch.drop();
  }
});
