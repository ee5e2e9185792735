/**
 * `npm run bench:campaigns`: a campaign of 100,000 recipients (BENCH_RECIPIENTS, formerly
 * CAMPAIGN_BENCH_RECIPIENTS) on PostgreSQL (DATABASE_URL; a scratch database is made and
 * dropped), the simulated carrier answering every call at once, run with the compliance checks'
 * data off and on (part of the list suppressed, an attempt cap set) in BENCH_PAIRS (default 3)
 * pairs of alternating order (off/on, on/off, …), each run on a project of its own, so that
 * warming and the growing tables fall on both sides; it prints each run and the medians of the
 * pairs' on/off ratios, as bench/voice.ts does for tracing.
 * Time is simulated (a fixed clock moved one second per engine round, as the engine's poll
 * would), so the achieved dial rate is compared with the configured pace in campaign time,
 * while the wall time the rounds take gives the scheduler's cost per dial. Baseline, measured
 * in the same run: placing calls directly with PlaceOutboundCall, no campaign.
 * What it prints is recorded in bench/results/<date>-campaigns.md when the run ends.
 */
import * as E from 'fp-ts/lib/Either.js';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import { trustE164, type E164 } from '../src/domain/e164.js';
import { aCampaignRig } from '../test/support/campaign-rig.js';
import { createScratchDatabase } from '../test/support/scratch-database.js';
import { median, runBench } from './support/figures.js';
import { SYSTEM_ORIGIN } from '../test/support/audit-builders.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 100_000);
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 3));
/** Where each run's project has its number: rigs sharing a store need numbers of their own. */
const AREA_CODES = ['917', '628', '510', '650', '707', '925', '408', '831', '559', '209', '530'];
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
  return {
    placed,
    skipped: RECIPIENTS - placed,
    rounds,
    rate: placed / simulatedMinutes,
    settledRate: RECIPIENTS / simulatedMinutes,
    perCall: roundsMs / placed,
    wallRate: placed / (roundsMs / 60_000),
  };
};

type Run = Awaited<ReturnType<typeof campaignRun>>;

const runLine = (label: string, run: Run) =>
  `${label.padEnd(4)}${String(run.placed).padStart(8)} placed, ${String(run.skipped).padStart(6)} skipped; ` +
  `${run.rate.toFixed(1)} calls/min (campaign time), ${run.wallRate.toFixed(0)} dials/min of engine wall time, ${run.perCall.toFixed(3)} ms a dial, ${run.rounds} rounds`;

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

    const baselinePerCall = baselineMs / BASELINE_CALLS;
    const out = (line: string) => process.stdout.write(`${line}\n`);
    out(`campaign of ${RECIPIENTS} recipients on PostgreSQL, simulated carrier answering at once; pace ${PACE.callsPerMinute} calls/min, ${PACE.maxConcurrentCalls} at once`);
    out(`checks on: ${SUPPRESSED_SHARE * 100}% of the list suppressed for calls, attempt cap ${CAP.points} in ${CAP.durationSeconds / 86_400} days; ${PAIRS} pairs in alternating order`);
    const pairs: { off: Run; on: Run }[] = [];
    let rig = 1;
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const order = pair % 2 === 0 ? [false, true] : [true, false];
      const runs: Partial<Record<'off' | 'on', Run>> = {};
      out(`pair ${pair + 1} (${order.map((on) => (on ? 'on' : 'off')).join(', ')}):`);
      for (const compliance of order) {
        const areaCode = AREA_CODES[rig++ % AREA_CODES.length];
        const other = await aCampaignRig({ uow: database.uow, ...(areaCode ? { areaCode } : {}) });
        await allowCallsAtOnce(other);
        const run = await campaignRun(other, { compliance });
        runs[compliance ? 'on' : 'off'] = run;
        out(`  ${runLine(compliance ? 'on' : 'off', run)}`);
      }
      pairs.push({ off: runs.off!, on: runs.on! });
    }
    const ratio = (pick: (run: Run) => number) => median(pairs.map((p) => pick(p.on) / pick(p.off)));
    const lines = [
      `median of ${pairs.length} pairs, on / off: dialling rate (campaign time) ×${ratio((r) => r.rate).toFixed(3)}, dials per engine wall minute ×${ratio((r) => r.wallRate).toFixed(3)}, engine time a dial ×${ratio((r) => r.perCall).toFixed(3)}`,
      `checks' cost per dial, median of the pairs' differences: ${median(pairs.map((p) => p.on.perCall - p.off.perCall)).toFixed(3)} ms`,
      `dialling rate, medians: ${median(pairs.map((p) => p.off.rate)).toFixed(1)} calls/min off, ${median(pairs.map((p) => p.on.rate)).toFixed(1)} on (campaign time); ` +
        `${median(pairs.map((p) => p.off.wallRate)).toFixed(0)} dials/min off, ${median(pairs.map((p) => p.on.wallRate)).toFixed(0)} on (engine wall time: the pace one node could sustain)`,
      `baseline per call: ${baselinePerCall.toFixed(2)} ms (PlaceOutboundCall alone, one after another, ${BASELINE_CALLS} calls)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
    await scratch.drop();
  }
});
