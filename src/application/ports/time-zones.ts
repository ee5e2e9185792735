import type { ZonedCalendar } from '../../domain/calling-window.js';
import type { E164 } from '../../domain/e164.js';

/** The IANA time zones of the world's calendars: local days and times in a zone. */
export interface TimeZoneCalendar extends ZonedCalendar {
  /** Whether `zone` names an IANA time zone this runtime knows ("America/New_York"). */
  isKnownZone(zone: string): boolean;
}

/** Where a phone number rings, as far as its numbering plan tells. */
export interface NumberTimeZones {
  /**
   * The one IANA zone `number` belongs to, or null when the plan names several (a toll-free
   * number, an area code across a zone line) or none.
   */
  zoneOf(number: E164): Promise<string | null>;
}
