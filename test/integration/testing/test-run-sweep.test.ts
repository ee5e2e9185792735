import { rm } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { STOPPED_NODE_REASON } from '../../../src/application/testing/test-run-sweeper.js';
import { generateAdminToken } from '../../../src/bootstrap/admin-token.js';
import { createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { completeRun, startRun, type TestRun } from '../../../src/domain/agent-test.js';
import { anAgent, aTestRun, at } from '../../support/builders.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Runs as a process that crashed left them in the embedded store. */
const leftBehind = async (dataDir: string, runs: readonly TestRun[]) => {
  const database = await openDatabase({ dataDir });
  await database.uow.transaction(async (tx) => {
    await tx.agents.save(anAgent({ id: runs[0]!.agentId, projectId: runs[0]!.projectId }));
    for (const run of runs) await tx.testRuns.save(run);
    return E.right(undefined);
  });
  await database.close();
};

const readRuns = async (dataDir: string, runs: readonly TestRun[]) => {
  const database = await openDatabase({ dataDir });
  const read = await database.uow.transaction(async (tx) => E.right(await Promise.all(runs.map((run) => tx.testRuns.findById(run.projectId, run.id)))));
  await database.close();
  return E.isRight(read) ? read.right : [];
};

describe('the sweep of test runs a crashed node left', () => {
  it('cancels, as a node on the embedded store starts, the runs it finds queued or running, saying why, and leaves finished ones', async () => {
    const dataDir = await aMigratedDataDir('switchboard-test-run-sweep-');
    dirs.push(dataDir);
    const agent = anAgent();
    const queued = aTestRun(agent, { createdAt: at(1) });
    const running = startRun(aTestRun(agent, { createdAt: at(2) }), at(3))!;
    const completed = completeRun(startRun(aTestRun(agent, { createdAt: at(4) }), at(5))!, at(6))!;
    await leftBehind(dataDir, [queued, running, completed]);

    const switchboard = createSwitchboard({ env: { DATA_DIR: dataDir, ADMIN_TOKEN: generateAdminToken() }, telephony: new SimulatedTelephony(), logger: silentLogger() });
    await switchboard.start();
    await switchboard.close();

    const after = await readRuns(dataDir, [queued, running, completed]);
    expect(after.map((run) => [run?.status, run?.cancelReason])).toEqual([
      ['cancelled', STOPPED_NODE_REASON],
      ['cancelled', STOPPED_NODE_REASON],
      ['completed', null],
    ]);
    expect(after[1]?.results).toEqual(running.results);
    // Four opens of the embedded store, one of them a whole Switchboard's start.
  }, 120_000);
});
