import * as E from 'fp-ts/lib/Either.js';
import { scheduleProblem, type CallingSchedule } from './calling-window.js';
import type { InvalidField } from './errors.js';

/** At most `points` outbound calls to one number of a project within `durationSeconds`. */
export interface AttemptCap {
  readonly points: number;
  readonly durationSeconds: number;
}

/** The hours an API-placed call may ring in, in the callee's time zone (as a campaign's schedule has them). */
export type CallingWindow = Pick<CallingSchedule, 'weekdays' | 'dailyStartMinute' | 'dailyEndMinute' | 'defaultTimeZone'>;

/**
 * A project's own rules for its outbound calls. A setting left out follows the node's
 * (`OUTBOUND_ATTEMPT_CAP` for the cap); the cap set to null turns the node's off for this project.
 */
export interface OutboundSettings {
  readonly attemptCap?: AttemptCap | null;
  /** The hours of a call placed through the API without a `callingWindow` of its own; null or absent: any time. */
  readonly callingWindow?: CallingWindow | null;
  /**
   * Said before the greeting of each of the project's recorded calls, inbound and outbound
   * (after the AI disclosure of an outbound one); null: none; absent: the node's.
   */
  readonly recordingDisclosure?: string | null;
}

/** The longest recording disclosure a project or a call may set: a sentence or two, said before every recorded call's greeting. */
export const MAX_RECORDING_DISCLOSURE_LENGTH = 500;

export const MAX_ATTEMPT_CAP_POINTS = 1000;
export const MAX_ATTEMPT_CAP_SECONDS = 366 * 86_400;

/** The cap that holds for a project: its own, else the node's. */
export const attemptCapOf = (settings: OutboundSettings | undefined, nodeDefault: AttemptCap | null): AttemptCap | null =>
  settings?.attemptCap === undefined ? nodeDefault : settings.attemptCap;

/** The window an API-placed call rings in: its own, else the project's default, else none. */
export const callingWindowOf = (settings: OutboundSettings | undefined, asked: CallingWindow | null): CallingWindow | null =>
  asked ?? settings?.callingWindow ?? null;

const capProblem = (cap: AttemptCap): InvalidField | null => {
  if (!Number.isInteger(cap.points) || cap.points < 1 || cap.points > MAX_ATTEMPT_CAP_POINTS)
    return { _tag: 'InvalidField', field: 'attemptCap.attempts', message: `must be a whole number from 1 to ${MAX_ATTEMPT_CAP_POINTS}` };
  if (!Number.isInteger(cap.durationSeconds) || cap.durationSeconds < 60 || cap.durationSeconds > MAX_ATTEMPT_CAP_SECONDS)
    return { _tag: 'InvalidField', field: 'attemptCap.withinSeconds', message: `must be a whole number of seconds from 60 to ${MAX_ATTEMPT_CAP_SECONDS}` };
  return null;
};

const windowProblem = (window: CallingWindow): InvalidField | null => {
  const problem = scheduleProblem({ ...window, startAt: null, endBy: null });
  return problem && { _tag: 'InvalidField', field: problem.field.replace(/^schedule\./, 'callingWindow.'), message: problem.message };
};

/**
 * The settings with `changes` applied: a field given replaces the stored one (null included),
 * a field left out stays. Refused whole when any field is out of bounds.
 */
const disclosureProblem = (text: string): InvalidField | null =>
  text.trim() === '' || text.length > MAX_RECORDING_DISCLOSURE_LENGTH
    ? { _tag: 'InvalidField', field: 'recordingDisclosure', message: `must be text of 1 to ${MAX_RECORDING_DISCLOSURE_LENGTH} characters (null: none)` }
    : null;

export const changeOutboundSettings = (current: OutboundSettings | undefined, changes: OutboundSettings): E.Either<InvalidField, OutboundSettings> => {
  const problem =
    (changes.attemptCap ? capProblem(changes.attemptCap) : null) ??
    (changes.callingWindow ? windowProblem(changes.callingWindow) : null) ??
    (typeof changes.recordingDisclosure === 'string' ? disclosureProblem(changes.recordingDisclosure) : null);
  if (problem) return E.left(problem);
  const next: { -readonly [K in keyof OutboundSettings]: OutboundSettings[K] } = { ...current };
  if (changes.attemptCap !== undefined) next.attemptCap = changes.attemptCap;
  if (changes.callingWindow !== undefined) next.callingWindow = changes.callingWindow;
  if (changes.recordingDisclosure !== undefined) next.recordingDisclosure = changes.recordingDisclosure === null ? null : changes.recordingDisclosure.trim();
  return E.right(next);
};
