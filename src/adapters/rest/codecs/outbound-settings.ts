import * as t from 'io-ts';
import { MAX_ATTEMPT_CAP_POINTS, MAX_ATTEMPT_CAP_SECONDS, type AttemptCap } from '../../../domain/outbound-settings.js';
import type { OutboundSettingsChange } from '../../../application/use-cases/projects/set-outbound-settings.js';
import { CallingWindowBody, toCallingWindow } from './campaigns.js';
import { nullable } from './common.js';
import { describedAs } from './described.js';
import { recordingDisclosureText } from './text.js';

const wholeBetween = (min: number, max: number) =>
  describedAs(new t.Type<number, number, unknown>(
    `integer from ${min} to ${max}`,
    (u): u is number => typeof u === 'number',
    (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max ? t.success(u) : t.failure(u, c, `must be a whole number from ${min} to ${max}`)),
    Number,
  ), { type: 'integer', minimum: min, maximum: max });

/** `{attempts, withinSeconds}`: at most this many outbound calls to one number in a rolling window. */
export const AttemptCapBody = t.strict({ attempts: wholeBetween(1, MAX_ATTEMPT_CAP_POINTS), withinSeconds: wholeBetween(60, MAX_ATTEMPT_CAP_SECONDS) });

/** `PATCH /v1/outbound-settings`: a field given replaces the project's own, one left out stays. */
export const UpdateOutboundSettingsBody = t.partial({
  attemptCap: t.union([t.literal('node_default'), nullable(AttemptCapBody)]),
  callingWindow: nullable(CallingWindowBody),
  /** Said before the greeting of recorded calls; null: none; `node_default`: the node's `RECORDING_DISCLOSURE`. */
  recordingDisclosure: t.union([t.literal('node_default'), nullable(recordingDisclosureText)]),
});

const toCap = (body: t.TypeOf<typeof AttemptCapBody>): AttemptCap => ({ points: body.attempts, durationSeconds: body.withinSeconds });

export const toOutboundSettingsChange = (body: t.TypeOf<typeof UpdateOutboundSettingsBody>): OutboundSettingsChange => ({
  ...(body.attemptCap !== undefined ? { attemptCap: body.attemptCap === null || body.attemptCap === 'node_default' ? body.attemptCap : toCap(body.attemptCap) } : {}),
  ...(body.callingWindow !== undefined ? { callingWindow: body.callingWindow === null ? null : toCallingWindow(body.callingWindow) } : {}),
  ...(body.recordingDisclosure !== undefined ? { recordingDisclosure: body.recordingDisclosure } : {}),
});
