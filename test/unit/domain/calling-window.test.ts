import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isCallableAt, minuteOfDay, nextCallableAt, scheduleProblem, timeOfDay, type CallingSchedule } from '../../../src/domain/calling-window.js';
import { LuxonTimeZoneCalendar } from '../../../src/adapters/luxon/luxon-time-zone-calendar.js';

const calendar = new LuxonTimeZoneCalendar();
const NEW_YORK = 'America/New_York';
const LOS_ANGELES = 'America/Los_Angeles';

const weekdaysNineToEight: CallingSchedule = {
  startAt: null,
  endBy: null,
  weekdays: [1, 2, 3, 4, 5],
  dailyStartMinute: 9 * 60,
  dailyEndMinute: 20 * 60,
  defaultTimeZone: NEW_YORK,
};

describe('calling window', () => {
  // Tuesday 2026-11-24, 08:30 in New York (EST, UTC-5) is 05:30 in Los Angeles.
  const eightThirtyEastern = new Date('2026-11-24T13:30:00Z');

  it('opens at nine local time for each recipient: New York before Los Angeles', () => {
    expect(nextCallableAt(weekdaysNineToEight, NEW_YORK, eightThirtyEastern, calendar)).toEqual(new Date('2026-11-24T14:00:00Z'));
    expect(nextCallableAt(weekdaysNineToEight, LOS_ANGELES, eightThirtyEastern, calendar)).toEqual(new Date('2026-11-24T17:00:00Z'));
  });

  it('is open now inside the window and closed outside it', () => {
    const noonEastern = new Date('2026-11-24T17:00:00Z');
    expect(isCallableAt(weekdaysNineToEight, NEW_YORK, noonEastern, calendar)).toBe(true);
    expect(isCallableAt(weekdaysNineToEight, LOS_ANGELES, eightThirtyEastern, calendar)).toBe(false);
  });

  it('moves past the end of the day and the weekend to Monday', () => {
    // Friday 2026-11-27 at 20:00 in New York: the window has just closed.
    const fridayEvening = new Date('2026-11-28T01:00:00Z');
    expect(nextCallableAt(weekdaysNineToEight, NEW_YORK, fridayEvening, calendar)).toEqual(new Date('2026-11-30T14:00:00Z'));
  });

  it('waits for the schedule start and gives up at its end', () => {
    const startAt = new Date('2026-11-25T15:00:00Z');
    expect(nextCallableAt({ ...weekdaysNineToEight, startAt }, NEW_YORK, eightThirtyEastern, calendar)).toEqual(startAt);
    const endBy = new Date('2026-11-24T16:00:00Z');
    expect(nextCallableAt({ ...weekdaysNineToEight, endBy }, LOS_ANGELES, eightThirtyEastern, calendar)).toBeNull();
  });

  it('keeps to the wall clock on a daylight-saving day', () => {
    // 2027-03-14: clocks in New York jump from 02:00 to 03:00; nine o'clock is 13:00 UTC (EDT).
    const sundayNight = new Date('2027-03-14T05:00:00Z');
    const everyDay = { ...weekdaysNineToEight, weekdays: [1, 2, 3, 4, 5, 6, 7] as const };
    expect(nextCallableAt(everyDay, NEW_YORK, sundayNight, calendar)).toEqual(new Date('2027-03-14T13:00:00Z'));
  });

  it('never answers a time outside the window (any instant, any zone)', () => {
    const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/St_Johns'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2028-12-31'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 1438 }),
        fc.integer({ min: 1, max: 1440 }),
        (now, zone, weekdays, a, b) => {
          const [start, end] = a < b ? [a, b] : [b - 1, a + 1];
          const schedule = { ...weekdaysNineToEight, weekdays: weekdays as CallingSchedule['weekdays'], dailyStartMinute: start, dailyEndMinute: Math.min(end, 1440) };
          const next = nextCallableAt(schedule, zone, now, calendar);
          expect(next).not.toBeNull();
          expect(next!.getTime()).toBeGreaterThanOrEqual(now.getTime());
          const day = calendar.dayOf(next!, zone);
          expect(schedule.weekdays).toContain(day.weekday);
          const opens = calendar.instantAt(day, schedule.dailyStartMinute, zone).getTime();
          const closes = calendar.instantAt(day, schedule.dailyEndMinute, zone).getTime();
          expect(next!.getTime()).toBeGreaterThanOrEqual(Math.min(opens, now.getTime()));
          expect(next!.getTime()).toBeLessThan(closes);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('says why a schedule can never open', () => {
    expect(scheduleProblem({ ...weekdaysNineToEight, weekdays: [] })?.field).toBe('schedule.weekdays');
    expect(scheduleProblem({ ...weekdaysNineToEight, dailyStartMinute: 600, dailyEndMinute: 600 })?.field).toBe('schedule.dailyEnd');
    expect(scheduleProblem({ ...weekdaysNineToEight, startAt: new Date('2026-12-02'), endBy: new Date('2026-12-01') })?.field).toBe('schedule.endBy');
    expect(scheduleProblem(weekdaysNineToEight)).toBeNull();
  });

  it('reads and writes times of day', () => {
    expect(minuteOfDay('09:30')).toBe(570);
    expect(minuteOfDay('24:00')).toBe(1440);
    expect(minuteOfDay('24:01')).toBeNull();
    expect(minuteOfDay('9:30')).toBeNull();
    expect(timeOfDay(570)).toBe('09:30');
  });
});
