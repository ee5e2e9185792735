import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { activateIfDue, applyAction, completeIfDone, pauseFor, type Campaign, type CampaignAction } from '../../../src/domain/campaign.js';
import { afterAttempt, optChangeOf, retryDelaySeconds, skip, type CampaignRecipient } from '../../../src/domain/campaign-recipient.js';
import { aCampaign, aRecipient as aRecipientWaiting } from '../../support/campaign-builders.js';

const now = new Date('2026-11-24T15:00:00Z');

/** A recipient whose call is under way: what an attempt's outcome applies to. */
const aRecipient = (changes: Partial<CampaignRecipient> = {}): CampaignRecipient =>
  aRecipientWaiting({ status: 'in_progress', attempts: 1, nextAttemptAt: null, lastCallId: 'call_1', ...changes });

const statusAfter = (campaign: Campaign, action: CampaignAction) => E.map((c: Campaign) => c.status)(applyAction(campaign, action, now));

describe('campaign lifecycle', () => {
  it('runs at once, or waits for its start', () => {
    expect(statusAfter(aCampaign(), 'start')).toEqual(E.right('running'));
    const later = aCampaign({ schedule: { ...aCampaign().schedule, startAt: new Date('2026-11-25T00:00:00Z') } });
    expect(statusAfter(later, 'start')).toEqual(E.right('scheduled'));
    const scheduled = { ...later, status: 'scheduled' as const };
    expect(activateIfDue(scheduled, now).status).toBe('scheduled');
    expect(activateIfDue(scheduled, new Date('2026-11-25T00:00:00Z')).status).toBe('running');
  });

  it('pauses and resumes, and refuses what its state does not allow', () => {
    const running = aCampaign({ status: 'running' });
    expect(statusAfter(running, 'pause')).toEqual(E.right('paused'));
    expect(statusAfter(aCampaign({ status: 'paused' }), 'resume')).toEqual(E.right('running'));
    expect(statusAfter(running, 'start')).toEqual(E.left({ _tag: 'CampaignTransitionRefused', action: 'start', status: 'running' }));
    expect(statusAfter(running, 'resume')).toEqual(E.left({ _tag: 'CampaignTransitionRefused', action: 'resume', status: 'running' }));
    expect(statusAfter(aCampaign({ status: 'completed' }), 'cancel')._tag).toBe('Left');
    expect(statusAfter(aCampaign({ status: 'paused' }), 'cancel')).toEqual(E.right('cancelled'));
  });

  it('is paused by the system with a reason the user can read', () => {
    const paused = pauseFor(aCampaign({ status: 'running' }), 'its agent was deleted', now);
    expect(paused).toMatchObject({ status: 'paused', pausedReason: 'its agent was deleted' });
    expect(pauseFor(aCampaign({ status: 'cancelled' }), 'x', now).status).toBe('cancelled');
  });

  it('completes when nobody is left or its schedule has ended', () => {
    expect(completeIfDone(aCampaign({ status: 'running' }), true, now).status).toBe('completed');
    expect(completeIfDone(aCampaign({ status: 'running' }), false, now).status).toBe('running');
    const ended = aCampaign({ status: 'running', schedule: { ...aCampaign().schedule, endBy: now } });
    expect(completeIfDone(ended, false, now).status).toBe('completed');
    expect(completeIfDone(aCampaign({ status: 'paused' }), true, now).status).toBe('paused');
  });
});

describe('a recipient after an attempt', () => {
  const { retry } = aCampaign();

  it('is done when a person answered, or a machine took the message', () => {
    expect(afterAttempt(aRecipient(), 'answered', retry, 'retry', now).status).toBe('completed');
    expect(afterAttempt(aRecipient(), 'voicemail', retry, 'leave_message', now).status).toBe('completed');
  });

  it('is retried with a growing backoff until the attempts run out', () => {
    const first = afterAttempt(aRecipient({ attempts: 1 }), 'busy', retry, 'leave_message', now);
    expect(first).toMatchObject({ status: 'retry_scheduled', lastOutcome: 'busy', nextAttemptAt: new Date(now.getTime() + 600_000) });
    const second = afterAttempt(aRecipient({ attempts: 2 }), 'no_answer', retry, 'leave_message', now);
    expect(second.nextAttemptAt).toEqual(new Date(now.getTime() + 1_200_000));
    expect(afterAttempt(aRecipient({ attempts: 3 }), 'busy', retry, 'leave_message', now).status).toBe('failed');
    expect(retryDelaySeconds(retry, 3)).toBe(2400);
  });

  it('fails at once on an outcome the policy does not retry', () => {
    expect(afterAttempt(aRecipient(), 'failed', retry, 'leave_message', now).status).toBe('failed');
    expect(afterAttempt(aRecipient(), 'voicemail', retry, 'retry', now).status).toBe('retry_scheduled');
    expect(afterAttempt(aRecipient({ attempts: 3 }), 'voicemail', retry, 'retry', now)).toMatchObject({ status: 'failed', lastOutcome: 'voicemail' });
  });

  it('is skipped unless already settled', () => {
    expect(skip(aRecipient({ status: 'pending' }), 'do_not_call', now)).toMatchObject({ status: 'skipped', skipReason: 'do_not_call' });
    expect(skip(aRecipient({ status: 'completed' }), 'do_not_call', now).status).toBe('completed');
  });
});

describe('opting out by text', () => {
  it('knows the carriers’ keywords, in any case, alone in the message', () => {
    expect(optChangeOf('stop')).toBe('opt_out');
    expect(optChangeOf('  Unsubscribe. ')).toBe('opt_out');
    expect(optChangeOf('START')).toBe('opt_in');
    expect(optChangeOf('please stop calling me at night')).toBeNull();
  });
});
