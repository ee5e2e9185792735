import { nextCallableAt } from '../../domain/calling-window.js';
import type { CallingWindow } from '../../domain/outbound-settings.js';
import type { E164 } from '../../domain/e164.js';
import type { ComplianceRefused } from '../errors.js';
import type { NumberTimeZones, TimeZoneCalendar } from '../ports/time-zones.js';

export type { CallingWindow } from '../../domain/outbound-settings.js';

export interface CallingWindowDeps {
  readonly calendar: TimeZoneCalendar;
  readonly numberZones: NumberTimeZones;
}

/**
 * The refusal of a call placed outside its calling window in the callee's time zone (the
 * number's own, else the window's `defaultTimeZone`), naming when the window opens next; null
 * when the call may ring now.
 */
export const callingWindowRefusal = async (deps: CallingWindowDeps, window: CallingWindow, toNumber: E164, now: Date): Promise<ComplianceRefused | null> => {
  const zone = (await deps.numberZones.zoneOf(toNumber)) ?? window.defaultTimeZone;
  const opens = nextCallableAt({ ...window, startAt: null, endBy: null }, zone, now, deps.calendar);
  if (opens !== null && opens.getTime() <= now.getTime()) return null;
  return {
    _tag: 'ComplianceRefused',
    reason: 'outside_calling_window',
    message: `it is outside the calling window for ${toNumber} (${zone})${opens ? `; it opens at ${opens.toISOString()}` : '; the window has no open hours'}`,
  };
};
