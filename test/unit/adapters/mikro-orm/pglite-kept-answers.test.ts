import type { SqlAnswer } from '../../../../src/adapters/mikro-orm/sql-driver.js';
import { describe, expect, it } from 'vitest';
import { KeptAnswers, type LogPosition } from '../../../../src/adapters/mikro-orm/pglite-kept-answers.js';

/**
 * A session stand-in: a count of possible writes, and a log whose end the test moves; each read
 * of the position is recorded.
 */
const aSession = () => {
  const session = { writes: 0, lsn: '0/1', positionsRead: 0 };
  const kept = new KeptAnswers(
    () => session.writes,
    async (): Promise<LogPosition> => {
      session.positionsRead += 1;
      return { writes: session.writes, lsn: session.lsn };
    },
  );
  return { session, kept };
};

const rows = (count: number): SqlAnswer => ({ columns: ['count'], rows: [[count]] });

describe(KeptAnswers.name, () => {
  it('gives a kept answer while the count stands, reading the position once, when it first needs it', async () => {
    const { session, kept } = aSession();
    expect(await kept.find('a')).toBeUndefined();
    kept.keep('a', session.writes, rows(1));

    const found = [await kept.find('a'), await kept.find('a')];

    expect(found).toEqual([rows(1), rows(1)]);
    expect(session.positionsRead).toBe(1);
  });

  it('after possible writes, gives it if the log has not moved, and not if it has', async () => {
    const { session, kept } = aSession();
    await kept.find('a');
    kept.keep('a', session.writes, rows(1));

    session.writes += 3; // transactions that changed nothing
    const unchanged = await kept.find('a');
    session.writes += 1;
    session.lsn = '0/2'; // one that did
    const changed = await kept.find('a');

    expect(unchanged).toEqual(rows(1));
    expect(changed).toBeUndefined();
    expect(session.positionsRead).toBe(3);
  });

  it('keeps nothing read at another count than the position it knows: a write may lie between', async () => {
    const { session, kept } = aSession();
    await kept.find('a');
    const readAt = session.writes;
    session.writes += 1; // a write after the read ran, before its answer is kept…
    session.lsn = '0/2';
    await kept.find('b'); // …and the position read again since: it is the write's

    kept.keep('a', readAt, rows(1));
    kept.keep('b', session.writes - 1, rows(2));

    expect(await kept.find('a')).toBeUndefined();
    expect(await kept.find('b')).toBeUndefined();
  });

  it('reads the position once for requests arriving together', async () => {
    const { session, kept } = aSession();
    await kept.find('a');
    kept.keep('a', session.writes, rows(1));
    session.writes += 1;

    const found = await Promise.all([kept.find('a'), kept.find('a'), kept.find('a')]);

    expect(found).toEqual([rows(1), rows(1), rows(1)]);
    expect(session.positionsRead).toBe(2);
  });

  it('freezes what it keeps: every caller gets the same rows', async () => {
    const { session, kept } = aSession();
    await kept.find('a');
    const answer = rows(1);
    kept.keep('a', session.writes, answer);

    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.rows[0])).toBe(true);
  });
});
