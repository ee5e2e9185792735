/**
 * When a campaign may ring someone: between a start and an end, on some weekdays, between two
 * local times of day — local to the person called, not to the server. Time-zone arithmetic
 * (offsets, daylight saving) is a technology's job, so the rules here take a `ZonedCalendar`.
 */

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const ALL_WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

export const MINUTES_PER_DAY = 1440;

export interface CallingSchedule {
  /** No call before this instant; null: as soon as the campaign starts. */
  readonly startAt: Date | null;
  /** No call at or after this instant; null: no end. */
  readonly endBy: Date | null;
  readonly weekdays: readonly Weekday[];
  /** First minute of the local day calls may begin (0 = midnight). */
  readonly dailyStartMinute: number;
  /** Minute of the local day calls must have begun by (exclusive; 1440 = midnight). */
  readonly dailyEndMinute: number;
  /** IANA zone for numbers whose zone the numbering plan cannot tell (toll-free, multi-zone). */
  readonly defaultTimeZone: string;
}

export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface LocalDay extends LocalDate {
  readonly weekday: Weekday;
}

/** What the rules need to know about a time zone's calendar. */
export interface ZonedCalendar {
  /** The local calendar day of `instant` in `zone`. */
  dayOf(instant: Date, zone: string): LocalDay;
  /** `days` after (or before, if negative) `date`, as a calendar day. */
  plusDays(date: LocalDate, days: number): LocalDay;
  /**
   * The instant `minuteOfDay` minutes after the local midnight of `date` in `zone`, counted on
   * the wall clock (a minute skipped by daylight saving moves to the first one that exists).
   */
  instantAt(date: LocalDate, minuteOfDay: number, zone: string): Date;
}

const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b);

/**
 * The first instant at or after `now` when someone in `zone` may be called under `schedule`,
 * or null when there is none before the schedule ends. A window is open on an allowed local
 * weekday from `dailyStartMinute` (inclusive) to `dailyEndMinute` (exclusive).
 */
export const nextCallableAt = (schedule: CallingSchedule, zone: string, now: Date, calendar: ZonedCalendar): Date | null => {
  if (schedule.weekdays.length === 0 || schedule.dailyStartMinute >= schedule.dailyEndMinute) return null;
  const from = schedule.startAt ? later(now, schedule.startAt) : now;
  const firstDay = calendar.dayOf(from, zone);
  // A week and a day covers every weekday once, whatever the first day's window left over.
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = offset === 0 ? firstDay : calendar.plusDays(firstDay, offset);
    if (!schedule.weekdays.includes(day.weekday)) continue;
    const opens = calendar.instantAt(day, schedule.dailyStartMinute, zone);
    const closes = calendar.instantAt(day, schedule.dailyEndMinute, zone);
    const candidate = later(from, opens);
    if (candidate.getTime() >= closes.getTime()) continue;
    if (schedule.endBy && candidate.getTime() >= schedule.endBy.getTime()) return null;
    return candidate;
  }
  return null;
};

/** Whether someone in `zone` may be called at `now`. */
export const isCallableAt = (schedule: CallingSchedule, zone: string, now: Date, calendar: ZonedCalendar): boolean =>
  nextCallableAt(schedule, zone, now, calendar)?.getTime() === now.getTime();

/** Why `schedule` can never open a window, or null: the checks that need no calendar. */
export const scheduleProblem = (schedule: CallingSchedule): { field: string; message: string } | null => {
  if (schedule.weekdays.length === 0) return { field: 'schedule.weekdays', message: 'must name at least one weekday' };
  if (!Number.isInteger(schedule.dailyStartMinute) || schedule.dailyStartMinute < 0 || schedule.dailyStartMinute >= MINUTES_PER_DAY)
    return { field: 'schedule.dailyStart', message: 'must be a time of day from 00:00 to 23:59' };
  if (!Number.isInteger(schedule.dailyEndMinute) || schedule.dailyEndMinute < 1 || schedule.dailyEndMinute > MINUTES_PER_DAY)
    return { field: 'schedule.dailyEnd', message: 'must be a time of day from 00:01 to 24:00' };
  if (schedule.dailyStartMinute >= schedule.dailyEndMinute) return { field: 'schedule.dailyEnd', message: 'must be later than dailyStart (the window is empty)' };
  if (schedule.startAt && schedule.endBy && schedule.endBy.getTime() <= schedule.startAt.getTime())
    return { field: 'schedule.endBy', message: 'must be later than startAt (the window is empty)' };
  return null;
};

/** "09:30" as minutes after midnight; "24:00" is the end of the day. Null when not a time of day. */
export const minuteOfDay = (text: string): number | null => {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= MINUTES_PER_DAY ? minutes : null;
};

/** Minutes after midnight as "HH:MM". */
export const timeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
