import type { E164 } from '../../domain/e164.js';
import type { AttemptCap } from '../../domain/outbound-settings.js';
import type { ComplianceRefused } from '../errors.js';
import type { Repositories } from '../ports/repositories.js';

export type { AttemptCap } from '../../domain/outbound-settings.js';

const days = (seconds: number): string => (seconds % 86_400 === 0 ? `${seconds / 86_400} days` : `${seconds} s`);

/**
 * The refusal of a call to a number that had its share of calls in the cap's window, or null.
 * Asked under the project's lock (see callCapacity): the count and the new call go one at a time.
 */
export const attemptCapRefusal = async (
  repos: Repositories,
  projectId: string,
  phoneNumber: E164,
  cap: AttemptCap | null,
  now: Date,
): Promise<ComplianceRefused | null> => {
  if (cap === null) return null;
  const since = new Date(now.getTime() - cap.durationSeconds * 1000);
  const attempts = await repos.calls.countOutboundTo(projectId, phoneNumber, since);
  return attemptCapVerdict(phoneNumber, attempts, cap);
};

/** The refusal of one more call to a number called `attempts` times within the cap's window, or null while it is under the cap. */
export const attemptCapVerdict = (phoneNumber: E164, attempts: number, cap: AttemptCap): ComplianceRefused | null =>
  attempts < cap.points
    ? null
    : {
        _tag: 'ComplianceRefused',
        reason: 'attempt_cap',
        message: `${phoneNumber} was called ${attempts} times in the last ${days(cap.durationSeconds)}: the project's attempt cap is ${cap.points}`,
      };
