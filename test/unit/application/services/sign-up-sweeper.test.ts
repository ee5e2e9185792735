import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import type { Logger } from '../../../../src/application/ports/logger.js';
import type { UnitOfWork } from '../../../../src/application/ports/unit-of-work.js';
import { EXPIRED_SIGN_UP_RETENTION_MS, SIGN_UP_SWEEP_MS, SignUpSweeper } from '../../../../src/application/accounts/sign-up-sweeper.js';
import { acceptsCode, type SignUp } from '../../../../src/domain/sign-up.js';
import { aSignUp } from '../../../support/builders.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = EXPIRED_SIGN_UP_RETENTION_MS;

interface Line {
  readonly level: string;
  readonly fields: object;
  readonly message: string | undefined;
}

const recordingLogger = (lines: Line[]): Logger => ({
  debug: (fields, message) => void lines.push({ level: 'debug', fields, message }),
  info: (fields, message) => void lines.push({ level: 'info', fields, message }),
  warn: (fields, message) => void lines.push({ level: 'warn', fields, message }),
  error: (fields, message) => void lines.push({ level: 'error', fields, message }),
  child: () => recordingLogger(lines),
});

const ago = (ms: number): Date => new Date(NOW.getTime() - ms);

/**
 * The sweeper over an in-memory store holding `rows`, at NOW. `around` wraps the store's unit
 * of work (to count or fail transactions); reads go to the store itself.
 */
const aWorld = async (rows: readonly SignUp[], options: { batchSize?: number; around?: (uow: UnitOfWork) => UnitOfWork } = {}) => {
  const store = new InMemoryUnitOfWork();
  await store.transaction(async (tx) => {
    for (const row of rows) await tx.signUps.save(row);
    return E.right(undefined);
  });
  const clock = new FixedClock(NOW);
  const lines: Line[] = [];
  const sut = new SignUpSweeper({
    uow: options.around?.(store) ?? store,
    clock,
    logger: recordingLogger(lines),
    batchSize: options.batchSize,
  });
  const find = async (id: string) => {
    const found = await store.transaction(async (tx) => E.right(await tx.signUps.findById(id)));
    return E.isRight(found) ? found.right : null;
  };
  /** Ids of `rows` still stored, in the order given. */
  const remaining = async () => {
    const kept: string[] = [];
    for (const { id } of rows) if (await find(id)) kept.push(id);
    return kept;
  };
  return { sut, clock, lines, find, remaining };
};

/** Lets every pending promise (in-memory units of work are promises only) run to its end. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

let started: SignUpSweeper | null = null;
afterEach(async () => {
  await started?.stop();
  started = null;
  vi.useRealTimers();
});

describe(SignUpSweeper.name, () => {
  it('deletes the unverified sign-ups whose code expired more than a day ago, and only those', async () => {
    const w = await aWorld([
      aSignUp({ id: 'ver_two_days', expiresAt: ago(2 * DAY) }),
      aSignUp({ id: 'ver_a_day_and_a_ms', expiresAt: ago(DAY + 1) }),
      aSignUp({ id: 'ver_exhausted', expiresAt: ago(2 * DAY), attempts: 3 }),
      aSignUp({ id: 'ver_exactly_a_day', expiresAt: ago(DAY) }),
      aSignUp({ id: 'ver_an_hour', expiresAt: ago(60 * MINUTE) }),
      aSignUp({ id: 'ver_live', expiresAt: new Date(NOW.getTime() + 5 * MINUTE) }),
      aSignUp({ id: 'ver_verified', expiresAt: ago(30 * DAY), status: 'verified', projectId: 'proj_1', verifiedAt: ago(30 * DAY + MINUTE) }),
    ]);

    expect(await w.sut.runOnce()).toBe(3);

    expect(await w.remaining()).toEqual(['ver_exactly_a_day', 'ver_an_hour', 'ver_live', 'ver_verified']);
    expect(w.lines).toEqual([
      { level: 'info', fields: { deleted: 3, expiredBefore: ago(DAY).toISOString() }, message: 'expired sign-ups deleted' },
    ]);
  });

  it('keeps a sign-up that just missed its deadline, so a late try still hears that the code expired', async () => {
    const late = aSignUp({ id: 'ver_late', expiresAt: ago(23 * 60 * MINUTE) });
    const w = await aWorld([late]);

    await w.sut.runOnce();

    const kept = await w.find(late.id);
    expect(kept).toEqual(late);
    expect(acceptsCode(kept!, NOW)).toEqual(E.left({ _tag: 'CodeExpired', expiredAt: late.expiresAt }));
  });

  it('deletes in batches, each in its own unit of work, until a batch comes back short; logs the total once', async () => {
    let transactions = 0;
    const counted = (uow: UnitOfWork): UnitOfWork => ({
      transaction: (work) => {
        transactions += 1;
        return uow.transaction(work);
      },
      ping: () => uow.ping(),
    });
    const old = Array.from({ length: 7 }, (_, i) => aSignUp({ id: `ver_old_${i}`, expiresAt: ago(DAY + (i + 1) * MINUTE) }));
    const w = await aWorld([...old, aSignUp({ id: 'ver_recent', expiresAt: ago(MINUTE) })], { batchSize: 3, around: counted });

    expect(await w.sut.runOnce()).toBe(7);

    expect(transactions).toBe(3); // 3, 3, then 1 < 3
    expect(await w.remaining()).toEqual(['ver_recent']);
    expect(w.lines.map((l) => [l.level, l.fields])).toEqual([['info', { deleted: 7, expiredBefore: ago(DAY).toISOString() }]]);
  });

  it('reads one more batch after a full one; logs nothing when nothing was due', async () => {
    const w = await aWorld([0, 1, 2].map((i) => aSignUp({ id: `ver_old_${i}`, expiresAt: ago(2 * DAY + i) })), { batchSize: 3 });

    expect(await w.sut.runOnce()).toBe(3);
    expect(await w.remaining()).toEqual([]);

    w.lines.length = 0;
    expect(await w.sut.runOnce()).toBe(0);
    expect(w.lines).toEqual([]);
  });

  it('sweeps at start and then every hour, as the clock moves on', async () => {
    const w = await aWorld([aSignUp({ id: 'ver_old', expiresAt: ago(2 * DAY) }), aSignUp({ id: 'ver_recent', expiresAt: ago(MINUTE) })]);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    w.sut.start();
    started = w.sut;
    await settle();
    expect(await w.remaining()).toEqual(['ver_recent']);

    w.clock.advance(DAY);
    await vi.advanceTimersByTimeAsync(SIGN_UP_SWEEP_MS - 1);
    await settle();
    expect(await w.remaining()).toEqual(['ver_recent']);

    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(await w.remaining()).toEqual([]);
    expect(w.lines.map((l) => [l.level, (l.fields as { deleted?: number }).deleted])).toEqual([
      ['info', 1],
      ['info', 1],
    ]);
  });

  it('sweeps no more after stop()', async () => {
    const w = await aWorld([aSignUp({ id: 'ver_soon_old', expiresAt: ago(DAY - MINUTE) })]);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    w.sut.start();
    await w.sut.stop();
    w.clock.advance(MINUTE + 1);
    await vi.advanceTimersByTimeAsync(2 * SIGN_UP_SWEEP_MS);
    await settle();

    expect(await w.remaining()).toEqual(['ver_soon_old']);
  });

  it('logs a failed sweep as an error, without throwing, and sweeps again at the next tick', async () => {
    let failing = true;
    const flaky = (uow: UnitOfWork): UnitOfWork => ({
      transaction: (work) => (failing ? Promise.reject(new Error('database is down')) : uow.transaction(work)),
      ping: () => uow.ping(),
    });
    const w = await aWorld([aSignUp({ id: 'ver_old', expiresAt: ago(2 * DAY) })], { around: flaky });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    w.sut.start();
    started = w.sut;
    await settle();
    expect(w.lines).toEqual([{ level: 'error', fields: { err: { message: 'database is down' } }, message: 'sweeping expired sign-ups failed' }]);
    expect(await w.remaining()).toEqual(['ver_old']);

    failing = false;
    await vi.advanceTimersByTimeAsync(SIGN_UP_SWEEP_MS);
    await settle();
    expect(await w.remaining()).toEqual([]);
    expect(w.lines.map((l) => l.level)).toEqual(['error', 'info']);
  });
});
