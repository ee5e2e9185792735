import * as t from 'io-ts';
import type { CampaignAction } from '../../../domain/campaign.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { AppError } from '../../../application/errors.js';
import { AddRecipientsBody, campaignFieldNames, CreateCampaignBody, ListCampaignsQuery, ListRecipientsQuery, toCampaignRecipients, toCampaignSettings, toRecipientInputs } from '../../rest/codecs/campaigns.js';
import { namedAsSent } from '../../rest/field-names.js';
import { idText } from '../../rest/codecs/text.js';
import { pageEnvelope } from '../../rest/pagination.js';
import { campaignView, createdCampaignView, importView, recipientView, campaignPreviewView } from '../../rest/views/campaigns.js';
import { queryString, snakeCased } from '../arguments.js';
import { destroys, outcome, output, overwrites, projectOf, readOnly, tool, writes, type AnyTool, type ToolAnnotations } from '../tool.js';

const CampaignId = t.type({ campaignId: idText });

const RECIPIENTS = 'Each recipient is `{phoneNumber, contactId?, variables?}`: a US or Canadian number, and `{{name}}` values for the greeting and prompts.';

/** A status change by `action`; the campaign's answer carries its new status. */
const actionTool = (action: CampaignAction, title: string, description: string, annotations: ToolAnnotations) =>
  tool({
    name: `${action}_campaign`,
    title,
    description,
    args: snakeCased(CampaignId),
    annotations,
    access: 'project',
    run: (context, { campaignId }) =>
      outcome(context.useCases.campaigns.changeCampaignStatus.execute({ projectId: projectOf(context), campaignId, action }), (campaign) =>
        output(`Campaign ${campaign.name} (${campaign.id}) is ${campaign.status}.`, campaignView(campaign)),
      ),
  });

/** Campaigns: lists of people an agent calls within calling hours, with retries and pacing. */
export const campaignTools: readonly AnyTool[] = [
  tool({
    name: 'list_campaigns',
    title: 'List campaigns',
    description: 'The outbound calling campaigns of the account, newest first, with their status.',
    args: queryString(ListCampaignsQuery),
    annotations: readOnly,
    access: 'project',
    run: (context, page) =>
      outcome(context.useCases.campaigns.listCampaigns.execute({ projectId: projectOf(context), page }), (campaigns) =>
        output(`${campaigns.items.length} of ${campaigns.total} campaigns.`, pageEnvelope(campaigns, page, (campaign) => campaignView(campaign))),
      ),
  }),
  tool({
    name: 'create_campaign',
    title: 'Create a campaign',
    description:
      'Create a draft campaign: `agent_id` calls each recipient within `schedule` (weekdays, `dailyStart`–`dailyEnd` in ' +
      "each recipient's time zone), at most `pacing.maxConcurrentCalls` at once, retrying busy and unanswered calls per `retry`. " +
      `Nothing is dialled until start_campaign. ${RECIPIENTS}`,
    args: snakeCased(CreateCampaignBody),
    annotations: writes,
    access: 'project',
    run: (context, body) => {
      const input = { projectId: projectOf(context), settings: toCampaignSettings(body), ...toCampaignRecipients(body.recipients) };
      const created = TE.mapLeft((e: AppError) => namedAsSent(e, campaignFieldNames))(context.useCases.campaigns.createCampaign.execute(input));
      return outcome(created, ({ campaign, recipients }) =>
        output(`Created campaign ${campaign.name} (${campaign.id}) with ${recipients.added} recipients; start it with start_campaign.`, createdCampaignView(campaign, recipients)),
      );
    },
  }),
  tool({
    name: 'get_campaign',
    title: 'Get a campaign',
    description: "A campaign's settings, status and progress: how many recipients are pending, in progress, awaiting a retry, completed, failed or skipped.",
    args: snakeCased(CampaignId),
    annotations: readOnly,
    access: 'project',
    run: (context, { campaignId }) =>
      outcome(context.useCases.campaigns.getCampaign.execute({ projectId: projectOf(context), campaignId }), ({ campaign, counts }) => {
        const view = campaignView(campaign, counts);
        return output(`Campaign ${campaign.name} (${campaign.id}) is ${campaign.status}: ${view.counts?.completed ?? 0} of ${view.counts?.total ?? 0} recipients completed.`, view);
      }),
  }),
  tool({
    name: 'preview_campaign',
    title: 'Preview a campaign',
    description:
      'Before any call: how many of the campaign\'s waiting recipients it would dial now, how many it would skip (suppression list, ' +
      'missing consent, attempt cap, invalid number, schedule ended), and how many wait for their calling hours, grouped by when each group opens.',
    args: snakeCased(CampaignId),
    annotations: readOnly,
    access: 'project',
    run: (context, { campaignId }) =>
      outcome(context.useCases.campaigns.previewCampaign.execute({ projectId: projectOf(context), campaignId }), (preview) => {
        const view = campaignPreviewView(preview);
        const held = view.waiting.reduce((sum, group) => sum + group.count, 0);
        const { suppressed, noConsent, attemptCap } = view.skipped;
        return output(`Of ${view.toCall} recipients to call: ${view.willDial} would be dialled now, ${held} wait for their hours; skipped: ${suppressed} suppressed, ${noConsent} without consent, ${attemptCap} over the attempt cap.`, view);
      }),
  }),
  tool({
    name: 'add_campaign_recipients',
    title: 'Add recipients to a campaign',
    description: `Add recipients to a campaign that has not ended; a number already on it is left as it was, and opted-out contacts are added as skipped. ${RECIPIENTS}`,
    args: snakeCased(t.intersection([CampaignId, AddRecipientsBody])),
    annotations: writes,
    access: 'project',
    run: (context, body) => {
      const input = { projectId: projectOf(context), campaignId: body.campaignId, recipients: toRecipientInputs(body.recipients) };
      return outcome(context.useCases.campaigns.addCampaignRecipients.execute(input), (summary) =>
        output(`Added ${summary.added} recipients to campaign ${body.campaignId} (${summary.alreadyOnCampaign} already on it, ${summary.merged} merged).`, importView(summary)),
      );
    },
  }),
  tool({
    name: 'list_campaign_recipients',
    title: "List a campaign's recipients",
    description: "A campaign's recipients with each call attempt and its outcome; filter by `status` or `outcome`.",
    args: queryString(t.intersection([t.type({ campaign_id: idText }), ListRecipientsQuery])),
    annotations: readOnly,
    access: 'project',
    run: (context, { campaign_id, limit, offset, status, outcome: lastOutcome }) => {
      const input = { projectId: projectOf(context), campaignId: campaign_id, query: { limit, offset, status: status ?? null, outcome: lastOutcome ?? null } };
      return outcome(context.useCases.campaigns.listCampaignRecipients.execute(input), (page) =>
        output(`${page.items.length} of ${page.total} recipients.`, pageEnvelope(page, { limit, offset }, recipientView)),
      );
    },
  }),
  actionTool('start', 'Start a campaign', 'Start a draft campaign: it places real phone calls to its recipients within calling hours (from `schedule.startAt`, if later).', {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  }),
  actionTool('pause', 'Pause a campaign', 'Pause a running or scheduled campaign: calls in progress finish, no new ones are placed until resume_campaign.', overwrites),
  actionTool('resume', 'Resume a campaign', 'Resume a paused campaign: it places phone calls again within calling hours.', {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  }),
  actionTool(
    'cancel',
    'Cancel a campaign',
    'DESTRUCTIVE: cancel a campaign for good. Recipients not yet called are skipped; it cannot be started or resumed again.',
    destroys,
  ),
];
