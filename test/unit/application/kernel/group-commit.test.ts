import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../../src/application/kernel/group-commit.js';

class Shared extends Error {}

/** A batch runner that records its batches and finishes each one when the test says so. */
const recordingRunner = (fail: (items: readonly number[]) => Error | null = () => null) => {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const run = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => gates.push(resolve));
    const error = fail(items);
    if (error) throw error;
    return items.map((n) => n * 10);
  };
  /** Lets every batch started so far finish, and waits for the next ones to start. */
  const release = async () => {
    for (const open of gates.splice(0)) open();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { batches, run, release };
};

const settleAll = <T>(promises: readonly Promise<T>[]) => Promise.allSettled(promises);

describe(GroupCommit.name, () => {
  it('runs a lone item at once, as a batch of one, and answers it', async () => {
    const runner = recordingRunner();
    const commits = new GroupCommit(runner.run, { maxBatch: 10, isShared: () => false });

    const answer = commits.submit(7);
    await runner.release();
    await runner.release();

    await expect(answer).resolves.toBe(70);
    expect(runner.batches).toEqual([[7]]);
  });

  it('gathers what arrives during a batch into the next one, each item answered with its own output', async () => {
    const runner = recordingRunner();
    const commits = new GroupCommit(runner.run, { maxBatch: 10, isShared: () => false });

    const first = commits.submit(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const later = [2, 3, 4].map((n) => commits.submit(n));
    while (runner.batches.length < 2) await runner.release();
    await runner.release();

    expect(runner.batches).toEqual([[1], [2, 3, 4]]);
    await expect(first).resolves.toBe(10);
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
  });

  it('puts items submitted in the same turn into one batch, and never more than maxBatch in one', async () => {
    const runner = recordingRunner();
    const commits = new GroupCommit(runner.run, { maxBatch: 3, isShared: () => false });

    const answers = [1, 2, 3, 4, 5, 6, 7].map((n) => commits.submit(n));
    while (runner.batches.length < 3) await runner.release();
    await runner.release();

    expect(runner.batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('runs a failed batch again one item at a time: only the item that cannot be stored fails', async () => {
    const runner = recordingRunner((items) => (items.includes(2) ? new Error('bad row') : null));
    const commits = new GroupCommit(runner.run, { maxBatch: 10, isShared: () => false });

    const answers = settleAll([1, 2, 3].map((n) => commits.submit(n)));
    while (runner.batches.length < 4) await runner.release();
    await runner.release();

    expect(runner.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
    const outcomes = await answers;
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: new Error('bad row') });
  });

  it('answers an error every item shares to all of them, without running them one by one', async () => {
    const runner = recordingRunner(() => new Shared('database down'));
    const commits = new GroupCommit(runner.run, { maxBatch: 10, isShared: (error) => error instanceof Shared });

    const answers = settleAll([1, 2, 3].map((n) => commits.submit(n)));
    await runner.release();
    await runner.release();

    expect((await answers).map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(runner.batches).toEqual([[1, 2, 3]]);
  });

  it('keeps going after a failure: the next submission is run', async () => {
    let failing = true;
    const runner = recordingRunner(() => (failing ? new Shared('down') : null));
    const commits = new GroupCommit(runner.run, { maxBatch: 10, isShared: () => true });

    const failed = settleAll([commits.submit(1)]);
    await runner.release();
    await runner.release();
    failing = false;
    const answer = commits.submit(2);
    await runner.release();
    await runner.release();

    expect((await failed)[0]!.status).toBe('rejected');
    await expect(answer).resolves.toBe(20);
  });
});
