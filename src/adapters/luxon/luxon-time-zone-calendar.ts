import { DateTime, IANAZone } from 'luxon';
import type { LocalDate, LocalDay, Weekday } from '../../domain/calling-window.js';
import type { TimeZoneCalendar } from '../../application/ports/time-zones.js';

const dayOf = (value: DateTime): LocalDay => ({ year: value.year, month: value.month, day: value.day, weekday: value.weekday as Weekday });

/** Local calendars from the runtime's time-zone database (ICU), through Luxon. */
export class LuxonTimeZoneCalendar implements TimeZoneCalendar {
  isKnownZone(zone: string): boolean {
    return zone.length > 0 && IANAZone.isValidZone(zone);
  }

  dayOf(instant: Date, zone: string): LocalDay {
    return dayOf(DateTime.fromJSDate(instant, { zone }));
  }

  plusDays(date: LocalDate, days: number): LocalDay {
    return dayOf(DateTime.fromObject(date, { zone: 'UTC' }).plus({ days }));
  }

  instantAt(date: LocalDate, minuteOfDay: number, zone: string): Date {
    // A wall-clock time, not a duration from midnight: on a daylight-saving day the two differ.
    // Luxon moves a time that a spring-forward skips on by the hour the clocks jumped.
    const day = this.plusDays(date, Math.floor(minuteOfDay / 1440));
    const minutes = minuteOfDay % 1440;
    return DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, { zone }).toJSDate();
  }
}
