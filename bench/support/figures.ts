import * as E from 'fp-ts/lib/Either.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import type { E164 } from '../../src/domain/e164.js';
import { recordRun } from './results.js';

/** The p-th percentile of ascending values (nearest rank); NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The middle value (the mean of the two middle ones when their number is even); NaN when there are none. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Milliseconds, right-aligned in a column. */
export const fmt = (ms: number) => `${ms.toFixed(2)} ms`.padStart(10);

/**
 * Puts `phoneNumber` on the agent, stored directly (provisioning would need Twilio's REST API);
 * a live number left by an earlier run on the same store is released first.
 */
export const storeBenchNumber = async (uow: UnitOfWork, projectId: string, agentId: string, phoneNumber: E164): Promise<void> => {
  await uow.transaction(async (tx) => {
    const existing = await tx.numbers.findLiveByPhoneNumber(phoneNumber);
    if (existing) await tx.numbers.save({ ...existing, status: 'released', agentId: null, releasedAt: new Date() });
    await tx.numbers.save({
      id: `num_bench${Date.now()}`,
      projectId,
      phoneNumber,
      country: 'US',
      status: 'active',
      agentId,
      providerId: `PNbench${Date.now()}`,
      createdAt: new Date(),
      releasedAt: null,
    });
    return E.right(undefined);
  });
};

/**
 * Runs a bench's main and, when it ends well, records what it printed in
 * bench/results/<date>-<bench>.md; a failure is printed and exits non-zero, recording nothing.
 */
export const runBench = (bench: string, main: () => Promise<void>): void => {
  const recording = recordRun(bench);
  main().then(() => recording.save()).catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
};
