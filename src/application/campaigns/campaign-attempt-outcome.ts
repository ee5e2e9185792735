import type { Call } from '../../domain/call.js';
import type { AttemptOutcome } from '../../domain/campaign-recipient.js';

/** What of a call tells how a campaign's attempt went; `answeredBy` where the carrier reports it. */
export type FinishedCall = Pick<Call, 'status' | 'disconnectionReason'> & { readonly answeredBy?: string | null };

/**
 * How an attempt ended, from its call once the call is over (null while it is live): the one
 * place a call's end becomes a campaign outcome. The carrier's own outcomes come as it said
 * them (`busy`, `no-answer`) or in Switchboard's names (`no_answer`, `voicemail`); a machine
 * detected by answering-machine detection is voicemail; a call that failed otherwise failed;
 * any other completed call reached someone.
 */
export const attemptOutcomeOf = (call: FinishedCall): AttemptOutcome | null => {
  if (call.status === 'in-progress') return null;
  const reason = (call.disconnectionReason ?? '').toLowerCase().replaceAll('-', '_');
  if (reason === 'busy') return 'busy';
  if (reason === 'no_answer') return 'no_answer';
  if (reason === 'voicemail') return 'voicemail';
  const answeredBy = call.answeredBy ?? null;
  if (answeredBy !== null && (answeredBy.startsWith('machine_') || answeredBy === 'fax')) return 'voicemail';
  if (call.status === 'failed' || reason === 'canceled' || reason === 'error') return 'failed';
  return 'answered';
};
