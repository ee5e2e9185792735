/**
 * `npm run bench:campaigns`: a campaign of 100,000 recipients (BENCH_RECIPIENTS, formerly
 * CAMPAIGN_BENCH_RECIPIENTS) on PostgreSQL (DATABASE_URL; a scratch database is made and
 * dropped), the simulated carrier answering every call at once, run with the compliance checks'
 * data off and on (part of the list suppressed, an attempt cap set) in BENCH_PAIRS (default 1)
 * pairs of alternating order (off/on, on/off, …), each run on a scratch database of its own, so
 * that warming falls on both sides and no run finds another's rows; it prints each run and the medians of the
 * pairs' on/off ratios, as bench/voice.ts does for tracing.
 * The engine dials as fast as it sustains: rounds run back to back, and the simulated clock is
 * moved a poll interval a round, long enough for the pace to allow a full round (the most calls
 * at once a campaign may have), so the pace never holds a call back. The dialling rate is dials
 * per minute of the rounds' wall time (claims, placing, recording and settling the attempts);
 * the carrier's end of each call happens between rounds and is not timed (stored directly, a
 * round's in one unit of work, not through FinishCall: the end's webhook and analysis are
 * bench:voice's, not the engine's). Recipients are added as the API
 * takes them: CreateCampaign with a request's worth, AddCampaignRecipients for each further one. Baseline, measured in the same run: placing calls
 * directly with PlaceOutboundCall, one after another, no campaign.
 * With BENCH_PROFILE=<directory>, each run is also CPU-profiled (bench/support/cpu-profile.ts).
 * What it prints is recorded in bench/results/<date>-campaigns.md when the run ends.
 */
import * as E from 'fp-ts/lib/Either.js';
import { openDatabase, type Database } from '../src/adapters/mikro-orm/database.js';
import { trustE164, type E164 } from '../src/domain/e164.js';
import { LIMITS } from '../src/domain/campaign.js';
import { aCampaignRig } from '../test/support/campaign-rig.js';
import { createScratchDatabase } from '../test/support/scratch-database.js';
import { profiled } from './support/cpu-profile.js';
import { median, runBench } from './support/figures.js';
import { SYSTEM_ORIGIN } from '../test/support/audit-builders.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 100_000);
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 1));
/** Where each run's project has its number: rigs sharing a store need numbers of their own. */
const AREA_CODES = ['917', '628', '510', '650', '707', '925', '408', '831', '559', '209', '530'];
const BASELINE_CALLS = Math.min(1000, RECIPIENTS);
/** The most a campaign may ask for: a round dials up to its calls at once. */
const PACE = { maxConcurrentCalls: 100, callsPerMinute: 600 };
/** A round's worth of the pace's calls: a full round's calls are due each round. */
const ROUND_MS = (PACE.maxConcurrentCalls * 60_000) / PACE.callsPerMinute;
const ENGINE = { pollIntervalMs: ROUND_MS, batchSize: PACE.maxConcurrentCalls };
/** With the checks on: every twentieth recipient is on the suppression list, and the project has an attempt cap. */
const SUPPRESSED_SHARE = 0.05;
const CAP = { points: 7, durationSeconds: 7 * 86_400 };

type Rig = Awaited<ReturnType<typeof aCampaignRig>>;

/** The campaign's own pace, not the project's default cap on calls in progress, bounds its calls at once. */
const allowCallsAtOnce = (r: Rig) => r.read((tx) => tx.projects.save({ ...r.project, maxConcurrentCalls: PACE.maxConcurrentCalls }));

/**
 * One campaign to its end, rounds timed on the wall clock and campaign time moved a round's worth
 * of the pace a round; with `compliance`, the suppression list and attempt cap are set on the
 * rig's project first.
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
  // As the API takes them: the campaign created with a request's worth, the rest added a request's worth at a time.
  const campaign = await r.startCampaign(targets.slice(0, LIMITS.recipientsPerRequest), { pacing: PACE });
  for (let from = LIMITS.recipientsPerRequest; from < targets.length; from += LIMITS.recipientsPerRequest) {
    const added = await r.useCases.addRecipients.execute({
      projectId: r.project.id,
      campaignId: campaign.id,
      recipients: targets.slice(from, from + LIMITS.recipientsPerRequest).map((phoneNumber, i) => ({ phoneNumber, contactId: null, variables: { firstName: `Person ${from + i}` }, source: `recipients[${i}]` })),
    })();
    if (E.isLeft(added)) throw new Error(added.left._tag);
  }
  const runStarted = performance.now();
  let roundsMs = 0;
  let rounds = 0;
  while (true) {
    const started = performance.now();
    await r.engine.runRound();
    roundsMs += performance.now() - started;
    rounds += 1;
    await r.storeEndsAnswered();
    if ((await r.campaignNow(campaign))?.status === 'completed') break;
    r.clock.advance(ROUND_MS);
    if (rounds > RECIPIENTS * 10) throw new Error('the campaign did not complete');
  }
  const placed = r.telephony.placedCalls.length - placedBefore;
  return {
    placed,
    skipped: RECIPIENTS - placed,
    rounds,
    perCall: roundsMs / placed,
    wallRate: placed / (roundsMs / 60_000),
    /** Recipients worked through (dialled or skipped) a minute of the rounds' wall time. */
    listRate: RECIPIENTS / (roundsMs / 60_000),
    runSeconds: (performance.now() - runStarted) / 1000,
  };
};

type Run = Awaited<ReturnType<typeof campaignRun>>;

const runLine = (label: string, run: Run) =>
  `${label.padEnd(4)}${String(run.placed).padStart(8)} placed, ${String(run.skipped).padStart(6)} skipped; ` +
  `${run.wallRate.toFixed(0)} dials/min, ${run.perCall.toFixed(3)} ms a dial, ${run.listRate.toFixed(0)} recipients/min (engine wall time), ${run.rounds} rounds, ${run.runSeconds.toFixed(0)} s with the carrier's ends`;

const numbers = (count: number, areaCode: string): E164[] =>
  Array.from({ length: count }, (_, i) => trustE164(`+1${areaCode}${String(2_000_000 + i).padStart(7, '0')}`));

/** `work` on a migrated scratch database of the server at `url`, dropped afterwards. */
const onScratchDatabase = async <A>(url: string, work: (database: Database) => Promise<A>): Promise<A> => {
  const scratch = await createScratchDatabase(url, 'sb_bench_campaigns');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
  try {
    return await work(database);
  } finally {
    await database.close();
    await scratch.drop();
  }
};

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
    out(`campaign of ${RECIPIENTS} recipients on PostgreSQL, simulated carrier answering at once; rounds back to back, up to ${PACE.maxConcurrentCalls} calls a round (the pace opened by the simulated clock)`);
    out(`checks on: ${SUPPRESSED_SHARE * 100}% of the list suppressed for calls, attempt cap ${CAP.points} in ${CAP.durationSeconds / 86_400} days; ${PAIRS} pairs in alternating order`);
    const pairs: { off: Run; on: Run }[] = [];
    let rig = 1;
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const order = pair % 2 === 0 ? [false, true] : [true, false];
      const runs: Partial<Record<'off' | 'on', Run>> = {};
      out(`pair ${pair + 1} (${order.map((on) => (on ? 'on' : 'off')).join(', ')}):`);
      for (const compliance of order) {
        const areaCode = AREA_CODES[rig++ % AREA_CODES.length];
        // Each run on a database of its own: on one shared by the runs, a later run found the
        // earlier ones' hundred thousand calls and attempts, and its place in the order weighed
        // more than the checks did.
        const run = await onScratchDatabase(url, async (own) => {
          const other = await aCampaignRig({ uow: own.uow, engine: ENGINE, ...(areaCode ? { areaCode } : {}) });
          await allowCallsAtOnce(other);
          return profiled(`campaigns-pair${pair + 1}-${compliance ? 'on' : 'off'}`, () => campaignRun(other, { compliance }));
        });
        runs[compliance ? 'on' : 'off'] = run;
        out(`  ${runLine(compliance ? 'on' : 'off', run)}`);
      }
      pairs.push({ off: runs.off!, on: runs.on! });
    }
    const ratio = (pick: (run: Run) => number) => median(pairs.map((p) => pick(p.on) / pick(p.off)));
    const lines = [
      `median of ${pairs.length} pairs, on / off: dialling rate ×${ratio((r) => r.wallRate).toFixed(3)}, engine time a dial ×${ratio((r) => r.perCall).toFixed(3)}, recipients worked through a minute ×${ratio((r) => r.listRate).toFixed(3)}`,
      `checks' cost per dial, median of the pairs' differences: ${median(pairs.map((p) => p.on.perCall - p.off.perCall)).toFixed(3)} ms`,
      `dialling rate, medians: ${median(pairs.map((p) => p.off.wallRate)).toFixed(0)} dials/min off, ${median(pairs.map((p) => p.on.wallRate)).toFixed(0)} on (engine wall time: the pace one node sustains)`,
      `baseline per call: ${baselinePerCall.toFixed(2)} ms (PlaceOutboundCall alone, one after another, ${BASELINE_CALLS} calls)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
    await scratch.drop();
  }
});
