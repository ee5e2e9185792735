import * as t from 'io-ts';
import { timeOfDay } from '../../../domain/calling-window.js';
import type { OutboundSettingsInForce } from '../../../application/use-cases/projects/outbound-settings-in-force.js';
import { nullable, valuesIn, type Wire } from './schema.js';

const CallingWindowView = t.strict({ weekdays: t.array(t.number), dailyStart: t.string, dailyEnd: t.string, timeZone: t.string }, 'CallingWindow');

export const OutboundSettingsView = t.strict({
  attemptCap: nullable(t.strict({ attempts: t.number, withinSeconds: t.number })),
  attemptCapSource: valuesIn(['project', 'node'] as const),
  callingWindow: nullable(CallingWindowView),
  /** Said before the greeting of the project's recorded calls, inbound and outbound; null: none. */
  recordingDisclosure: nullable(t.string),
  recordingDisclosureSource: valuesIn(['project', 'node'] as const),
}, 'OutboundSettings');

export const outboundSettingsView = (settings: OutboundSettingsInForce): Wire<typeof OutboundSettingsView> => ({
  attemptCap: settings.attemptCap && { attempts: settings.attemptCap.points, withinSeconds: settings.attemptCap.durationSeconds },
  attemptCapSource: settings.attemptCapSource,
  callingWindow: settings.callingWindow && {
    weekdays: [...settings.callingWindow.weekdays],
    dailyStart: timeOfDay(settings.callingWindow.dailyStartMinute),
    dailyEnd: timeOfDay(settings.callingWindow.dailyEndMinute),
    timeZone: settings.callingWindow.defaultTimeZone,
  },
  recordingDisclosure: settings.recordingDisclosure,
  recordingDisclosureSource: settings.recordingDisclosureSource,
});
