import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { NO_CALL_OVERRIDES, type Campaign } from '../../../domain/campaign.js';
import { callOverrideProblems } from './call-overrides.js';
import type { FieldProblem, Validation } from '../../errors.js';
import type { CampaignSettings } from './campaign-settings.js';
import { settingsProblems } from './campaign-settings.js';
import type { CampaignDeps } from './deps.js';
import { importRecipients, type ImportSummary, type RecipientInput } from './recipient-import.js';

export interface CreateCampaignInput {
  readonly projectId: string;
  readonly settings: CampaignSettings;
  readonly recipients: readonly RecipientInput[];
  /**
   * What the edge found wrong in the request without refusing it outright (a recipient whose
   * number is not one): reported with the use case's own problems, so every one shows at once.
   */
  readonly problems?: readonly FieldProblem[];
}

export type CreateCampaignError = Validation;

const refusal = (problems: readonly FieldProblem[]): Validation => ({
  _tag: 'Validation',
  message: problems.map((p) => `${p.field} ${p.message}`).join('; '),
  details: problems,
});

/**
 * A draft campaign of one of the project's agents, with its first recipients. Every problem of
 * the request is reported at once (422 with details): the edge's (recipients' numbers), limits,
 * the schedule, the time zone, an unknown agent, an agent without a number, a from-number that
 * is not the agent's.
 */
export class CreateCampaign {
  constructor(private readonly deps: CampaignDeps) {}

  execute(input: CreateCampaignInput): TE.TaskEither<CreateCampaignError, { readonly campaign: Campaign; readonly recipients: ImportSummary }> {
    const { settings } = input;
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const problems = [...(input.problems ?? []), ...settingsProblems(settings, this.deps.calendar)];
        const agent = await tx.agents.findById(input.projectId, settings.agentId);
        if (!agent) problems.push({ field: 'agentId', message: `is not an agent of this project (${settings.agentId})`, type: 'value_error' });
        else {
          problems.push(...(await callOverrideProblems(agent, settings.callOverrides ?? NO_CALL_OVERRIDES, this.deps.voices)));
          const numbers = await tx.numbers.listByAgents([agent.id]);
          if (numbers.length === 0) problems.push({ field: 'agentId', message: 'has no phone number attached; attach one to call from it', type: 'value_error' });
          else if (settings.fromNumber.kind === 'single' && !numbers.some((n) => n.id === (settings.fromNumber as { numberId: string }).numberId)) {
            problems.push({ field: 'fromNumber.numberId', message: "is not one of the agent's numbers", type: 'value_error' });
          }
        }
        if (problems.length > 0) return E.left(refusal(problems));
        const now = this.deps.clock.now();
        const campaign: Campaign = {
          id: this.deps.ids.next('cmp'),
          projectId: input.projectId,
          ...settings,
          name: settings.name.trim(),
          status: 'draft',
          pausedReason: null,
          createdAt: now,
          updatedAt: now,
          startedAt: null,
          endedAt: null,
        };
        await tx.campaigns.save(campaign);
        const imported = await importRecipients(tx, this.deps, campaign, input.recipients);
        return E.map((recipients: ImportSummary) => ({ campaign, recipients }))(imported);
      });
  }
}
