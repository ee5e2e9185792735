import { describe, expect, it } from 'vitest';
import { addMonths, MAX_CATCH_UP_MONTHS, periodsDue, startOfMonth } from '../../../src/domain/billing.js';

const d = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe(addMonths.name, () => {
  it.each([
    ['2026-03-10T12:00:00.000Z', 1, '2026-04-10T12:00:00.000Z'],
    ['2026-01-31T08:00:00.000Z', 1, '2026-02-28T08:00:00.000Z'],
    ['2028-01-31T08:00:00.000Z', 1, '2028-02-29T08:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', 1, '2027-01-15T00:00:00.000Z'],
    ['2026-08-31T00:00:00.000Z', 3, '2026-11-30T00:00:00.000Z'],
  ])('%s + %i month(s) is %s', (from, months, to) => {
    expect(iso(addMonths(d(from), months))).toBe(to);
  });
});

describe(periodsDue.name, () => {
  it('is empty while paid', () => {
    expect(periodsDue(d('2026-04-10T12:00:00.000Z'), d('2026-04-10T11:59:59.999Z'))).toEqual([]);
  });

  it('starts the next month where the paid one ends, from the due instant on', () => {
    const sut = periodsDue(d('2026-04-10T12:00:00.000Z'), d('2026-04-10T12:00:00.000Z'));

    expect(sut.map((p) => [iso(p.start), iso(p.end)])).toEqual([['2026-04-10T12:00:00.000Z', '2026-05-10T12:00:00.000Z']]);
  });

  it('catches up missed months', () => {
    expect(periodsDue(d('2026-01-01T00:00:00.000Z'), d('2026-03-15T00:00:00.000Z'))).toHaveLength(3);
  });

  it('charges at most the last year of a longer gap, ending paid', () => {
    const sut = periodsDue(d('2020-01-01T00:00:00.000Z'), d('2026-01-01T00:00:00.000Z'));

    expect(sut).toHaveLength(MAX_CATCH_UP_MONTHS);
    expect(iso(sut.at(-1)!.end)).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe(startOfMonth.name, () => {
  it('is the first instant of the UTC month', () => {
    expect(iso(startOfMonth(d('2026-04-30T23:59:59.999Z')))).toBe('2026-04-01T00:00:00.000Z');
  });
});
