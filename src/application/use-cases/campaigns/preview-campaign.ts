import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Campaign } from '../../../domain/campaign.js';
import type { CampaignRecipient, RecipientStatus } from '../../../domain/campaign-recipient.js';
import { attemptCapOf, type AttemptCap } from '../../../domain/outbound-settings.js';
import { attemptCapRefusal } from '../../compliance/attempt-cap.js';
import { screeningFacts, screenRecipient } from '../../campaigns/recipient-screening.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';
import type { TimeZoneCalendar } from '../../ports/time-zones.js';
import type { CoreDeps } from '../common/deps.js';

/** What a campaign would do with its waiting recipients if it dialled now, before any call is placed. */
export interface CampaignPreview {
  readonly at: Date;
  /** Recipients still to be called (pending, or waiting for a retry). */
  readonly toCall: number;
  /** Those the engine would dial at once. */
  readonly willDial: number;
  readonly skipped: {
    readonly suppressed: number;
    readonly noConsent: number;
    readonly attemptCap: number;
    /** Numbers already skipped as not dialable. */
    readonly invalidNumber: number;
    /** Whose calling hours never open again before the schedule ends. */
    readonly scheduleEnded: number;
  };
  /** Held by their calling hours (or a retry's wait), grouped by when each group opens, soonest first. */
  readonly waiting: readonly { readonly opensAt: Date; readonly count: number }[];
}

export type PreviewCampaignError = NotFound;

const WAITING: readonly RecipientStatus[] = ['pending', 'retry_scheduled'];
const PAGE = 500;

/**
 * Counts a campaign's recipients by what its engine would do with each now: the same screening
 * function as the engine's claim (suppression and do-not-call, consent, calling hours), then the
 * attempt cap the dial itself is refused by, with the project's cap or the node's.
 */
export class PreviewCampaign {
  constructor(private readonly deps: Pick<CoreDeps, 'uow' | 'clock'> & { readonly calendar: TimeZoneCalendar; readonly nodeAttemptCap: AttemptCap | null }) {}

  execute(input: { readonly projectId: string; readonly campaignId: string }): TE.TaskEither<PreviewCampaignError, CampaignPreview> {
    return () =>
      this.deps.uow.transaction(async (tx): Promise<E.Either<PreviewCampaignError, CampaignPreview>> => {
        const campaign = await tx.campaigns.findById(input.projectId, input.campaignId);
        if (!campaign) return E.left(notFound('campaign', input.campaignId));
        const project = await tx.projects.findById(campaign.projectId);
        const cap = attemptCapOf(project?.outbound, this.deps.nodeAttemptCap);
        const now = this.deps.clock.now();
        const tally = { toCall: 0, willDial: 0, suppressed: 0, noConsent: 0, attemptCap: 0, scheduleEnded: 0 };
        const waiting = new Map<number, number>();
        for (const status of WAITING) {
          for (let offset = 0; ; offset += PAGE) {
            const page = await tx.campaignRecipients.list(campaign.id, { status, outcome: null, limit: PAGE, offset });
            await this.tallyPage(tx, campaign, page.items, cap, now, tally, waiting);
            if (offset + PAGE >= page.total || page.items.length === 0) break;
          }
        }
        const invalidNumber = await this.countInvalid(tx, campaign);
        const { toCall, willDial, ...skipped } = tally;
        return E.right({
          at: now,
          toCall,
          willDial,
          skipped: { ...skipped, invalidNumber },
          waiting: [...waiting.entries()].sort(([a], [b]) => a - b).map(([at, count]) => ({ opensAt: new Date(at), count })),
        });
      });
  }

  private async tallyPage(
    tx: Repositories,
    campaign: Campaign,
    recipients: readonly CampaignRecipient[],
    cap: AttemptCap | null,
    now: Date,
    tally: { toCall: number; willDial: number; suppressed: number; noConsent: number; attemptCap: number; scheduleEnded: number },
    waiting: Map<number, number>,
  ): Promise<void> {
    if (recipients.length === 0) return;
    const facts = await screeningFacts(tx, campaign, recipients);
    for (const recipient of recipients) {
      tally.toCall += 1;
      // A retry not yet due is looked at as of its due time, as the engine will.
      const due = recipient.nextAttemptAt && recipient.nextAttemptAt.getTime() > now.getTime() ? recipient.nextAttemptAt : now;
      const verdict = screenRecipient(facts, campaign, recipient, due, this.deps.calendar);
      if (verdict.kind === 'skip') {
        if (verdict.reason === 'do_not_call') tally.suppressed += 1;
        else if (verdict.reason === 'no_consent') tally.noConsent += 1;
        else tally.scheduleEnded += 1;
      } else if (verdict.kind === 'wait' || due !== now) {
        const opens = (verdict.kind === 'wait' ? verdict.until : due).getTime();
        waiting.set(opens, (waiting.get(opens) ?? 0) + 1);
      } else if (await attemptCapRefusal(tx, campaign.projectId, recipient.phoneNumber, cap, now)) tally.attemptCap += 1;
      else tally.willDial += 1;
    }
  }

  private async countInvalid(tx: Repositories, campaign: Campaign): Promise<number> {
    let count = 0;
    for (let offset = 0; ; offset += PAGE) {
      const page = await tx.campaignRecipients.list(campaign.id, { status: 'skipped', outcome: null, limit: PAGE, offset });
      count += page.items.filter((r) => r.skipReason === 'invalid_number').length;
      if (offset + PAGE >= page.total || page.items.length === 0) return count;
    }
  }
}
