/**
 * `npm run bench:campaigns`: a campaign of 10,000 recipients on PostgreSQL (DATABASE_URL; a
 * scratch database is made and dropped), the simulated carrier answering every call at once.
 * Time is simulated (a fixed clock moved one second per engine round, as the engine's poll
 * would), so the achieved dial rate is compared with the configured pace in campaign time,
 * while the wall time the rounds take gives the scheduler's cost per call. Baseline, measured
 * in the same run: placing the same calls directly with PlaceOutboundCall, no campaign.
 * Statements are counted at the ORM connection (every query and transaction statement).
 * What it prints is recorded in bench/results/<date>-campaigns.md when the run ends.
 */
import * as E from 'fp-ts/lib/Either.js';
import { openDatabase } from '../src/adapters/mikro-orm/database.js';
import { trustE164, type E164 } from '../src/domain/e164.js';
import { aCampaignRig } from '../test/support/campaign-rig.js';
import { createScratchDatabase } from '../test/support/scratch-database.js';
import { runBench } from './support/figures.js';

const RECIPIENTS = Number(process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 10_000);
const BASELINE_CALLS = Math.min(1000, RECIPIENTS);
const PACE = { maxConcurrentCalls: 100, callsPerMinute: 600 };

const numbers = (count: number, areaCode: string): E164[] =>
  Array.from({ length: count }, (_, i) => trustE164(`+1${areaCode}${String(2_000_000 + i).padStart(7, '0')}`));

runBench('campaigns', async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a PostgreSQL server (a scratch database is created on it)');
  const scratch = await createScratchDatabase(url, 'sb_bench_campaigns');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
  try {
    let statements = 0;
    const connection = database.orm.em.getConnection() as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = connection.execute.bind(connection);
    connection.execute = (...args: unknown[]) => {
      statements += 1;
      return execute(...args);
    };

    const r = await aCampaignRig({ uow: database.uow });

    // Baseline: the same calls placed directly, one after another.
    const baselineTargets = numbers(BASELINE_CALLS, '646');
    let baselineMs = 0;
    const baselineStatementsBefore = statements;
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
      })();
      baselineMs += performance.now() - started;
      if (E.isLeft(placed)) throw new Error(placed.left._tag);
    }
    const baselineStatements = statements - baselineStatementsBefore;
    await r.endAll('completed');

    // The campaign.
    const campaign = await r.startCampaign(numbers(RECIPIENTS, '212'), { pacing: PACE });
    const simulatedStart = r.clock.now().getTime();
    let roundsMs = 0;
    let roundStatements = 0;
    let rounds = 0;
    while (true) {
      const before = statements;
      const started = performance.now();
      await r.engine.runRound();
      roundsMs += performance.now() - started;
      roundStatements += statements - before;
      rounds += 1;
      await r.endAll('completed');
      if ((await r.campaignNow(campaign))?.status === 'completed') break;
      r.clock.advance(1000);
      if (rounds > RECIPIENTS * 10) throw new Error('the campaign did not complete');
    }
    const placed = r.telephony.placedCalls.length - BASELINE_CALLS;
    const simulatedMinutes = (r.clock.now().getTime() - simulatedStart) / 60_000;
    const perCall = roundsMs / placed;
    const baselinePerCall = baselineMs / BASELINE_CALLS;
    const lines = [
      `campaign of ${RECIPIENTS} recipients on PostgreSQL, simulated carrier answering at once`,
      `configured pace           ${PACE.callsPerMinute} calls/min, ${PACE.maxConcurrentCalls} at once`,
      `achieved (campaign time)  ${(placed / simulatedMinutes).toFixed(1)} calls/min over ${simulatedMinutes.toFixed(1)} min (${placed} calls, ${rounds} rounds)`,
      `ratio achieved/configured ${(placed / simulatedMinutes / PACE.callsPerMinute).toFixed(3)}`,
      `engine wall time per call ${perCall.toFixed(2)} ms (placing the call included; a round places its calls at once)`,
      `baseline per call         ${baselinePerCall.toFixed(2)} ms (PlaceOutboundCall alone, one after another, ${BASELINE_CALLS} calls)`,
      `engine per call / direct  ${(perCall / baselinePerCall).toFixed(2)} (the engine's claim and bookkeeping included; below 1 as it places a round's calls concurrently)`,
      `scheduler statements/call ${((roundStatements - baselineStatements / BASELINE_CALLS * placed) / placed).toFixed(1)} beyond placing the call`,
      `statements per call       ${(roundStatements / placed).toFixed(1)} in engine rounds (baseline ${(baselineStatements / BASELINE_CALLS).toFixed(1)} for a call alone)`,
      `max sustainable pace      ${(60_000 / perCall).toFixed(0)} calls/min per node (wall time)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
    await scratch.drop();
  }
});
