import * as E from 'fp-ts/lib/Either.js';
import { ContainerModule } from 'inversify';
import { GeoCarrierNumberTimeZones } from '../../adapters/libphonenumber-geo-carrier/geo-carrier-number-time-zones.js';
import { LuxonTimeZoneCalendar } from '../../adapters/luxon/luxon-time-zone-calendar.js';
import type { CampaignCallRefusal, CampaignDialer } from '../../application/ports/campaign-engine.js';
import type { ComplianceRefused, NotFound, ProviderError, RateLimited, Validation } from '../../application/errors.js';
import { CampaignEngine } from '../../application/campaigns/campaign-engine.js';
import type { CallUseCases } from '../../application/use-cases/call-use-cases.js';
import { AddCampaignRecipients } from '../../application/use-cases/campaigns/add-campaign-recipients.js';
import { ChangeCampaignStatus } from '../../application/use-cases/campaigns/change-campaign-status.js';
import { CreateCampaign } from '../../application/use-cases/campaigns/create-campaign.js';
import { PreviewCampaign } from '../../application/use-cases/campaigns/preview-campaign.js';
import { ExportCampaignResults } from '../../application/use-cases/campaigns/export-campaign-results.js';
import { GetCampaign } from '../../application/use-cases/campaigns/get-campaign.js';
import { ListCampaignRecipients } from '../../application/use-cases/campaigns/list-campaign-recipients.js';
import { ListCampaigns } from '../../application/use-cases/campaigns/list-campaigns.js';
import { callLimitOf } from '../../domain/project.js';
import { SYSTEM_ACTOR } from '../../domain/audit-event.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** A refusal of one call as the engine reads it. */
const refusalOf = (error: Validation | ProviderError | RateLimited | ComplianceRefused | NotFound): CampaignCallRefusal => {
  if (error._tag === 'NotFound') return { kind: 'agent_gone' };
  if (error._tag === 'RateLimited') return { kind: 'at_capacity' };
  // A number over the attempt cap fails this attempt (its retries follow the campaign's policy); a suppressed one is skipped.
  if (error._tag === 'ComplianceRefused') return error.reason === 'attempt_cap' ? { kind: 'refused', message: error.message } : { kind: 'suppressed' };
  if (error._tag === 'Validation' && error.details.some((d) => d.field === 'agentId' || d.field === 'fromNumberId')) {
    return { kind: 'no_number', message: error.message };
  }
  return { kind: 'refused', message: error.message };
};

/**
 * Each campaign attempt is a normal outbound call, a round's placed together by the
 * PlaceCampaignCalls use case, whose refusals become the engine's. The recipient's variables are
 * the call's variables, filled into the prompt, the greeting and the agent's tools as for any call.
 */
export const campaignDialerOf = (calls: Pick<CallUseCases, 'placeCampaignCalls'>): CampaignDialer => ({
  dial: async (batch) => {
    const placed = await calls.placeCampaignCalls.execute({
      projectId: batch.projectId,
      agentId: batch.agentId,
      initialGreeting: batch.initialGreeting,
      systemPrompt: batch.systemPrompt,
      voice: batch.overrides.voice,
      language: batch.overrides.language,
      conversation: batch.overrides.turnTaking,
      origin: { actor: SYSTEM_ACTOR, path: 'campaign dial', campaignId: batch.campaignId },
      calls: batch.calls,
    })();
    if (E.isLeft(placed)) return batch.calls.map(() => E.left(refusalOf(placed.left)));
    return placed.right.map((result) => (E.isRight(result) ? E.right({ callId: result.right.id }) : E.left(refusalOf(result.left))));
  },
});

/** Campaigns: time zones, the engine (started with the other workers) and the use cases. */
export const campaignsModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.timeZoneCalendar, [], () => new LuxonTimeZoneCalendar());
    provide(TOKENS.numberTimeZones, [], () => new GeoCarrierNumberTimeZones());
    provide(
      TOKENS.campaignEngine,
      [
        TOKENS.unitOfWork,
        TOKENS.clock,
        TOKENS.ids,
        TOKENS.timeZoneCalendar,
        TOKENS.callUseCases,
        TOKENS.eventBus,
        TOKENS.eventEncoder,
        TOKENS.deliveryTrigger,
        TOKENS.logger,
        TOKENS.tracing,
        TOKENS.activity,
        TOKENS.lifecycle,
      ],
      (uow, clock, ids, calendar, calls, eventBus, eventEncoder, deliveryTrigger, logger, tracing, activity, lifecycle) => {
        const engine = new CampaignEngine({
          uow,
          tracing,
          activity,
          clock,
          calendar,
          dialer: campaignDialerOf(calls),
          eventBus,
          logger: logger.child({ component: 'campaigns' }),
          // The project's cap on calls in progress bounds every campaign of it (the dialler's
          // RateLimited refusal covers calls the project's other work holds).
          // Read in the engine's own transaction: a second one would wait on it where the store
          // serialises transactions (embedded PGlite, the in-memory store).
          projectCallCap: async (tx, projectId) => {
            const project = await tx.projects.findById(projectId);
            return project ? callLimitOf(project) : null;
          },
          events: { ids, clock, eventEncoder, deliveryTrigger },
        });
        return lifecycle.manage('campaign engine', engine, engine);
      },
    );
    provide(
      TOKENS.campaignUseCases,
      [
        TOKENS.unitOfWork,
        TOKENS.clock,
        TOKENS.ids,
        TOKENS.timeZoneCalendar,
        TOKENS.numberTimeZones,
        TOKENS.campaignEngine,
        TOKENS.eventEncoder,
        TOKENS.deliveryTrigger,
        TOKENS.voiceCatalog,
        TOKENS.config,
      ],
      (uow, clock, ids, calendar, numberZones, engine, eventEncoder, deliveryTrigger, voices, config) => {
        const deps = { uow, clock, ids, calendar, numberZones, campaignTrigger: engine, voices, events: { ids, clock, eventEncoder, deliveryTrigger } };
        return {
          createCampaign: new CreateCampaign(deps),
          getCampaign: new GetCampaign(deps),
          listCampaigns: new ListCampaigns(deps),
          addCampaignRecipients: new AddCampaignRecipients(deps),
          changeCampaignStatus: new ChangeCampaignStatus(deps),
          listCampaignRecipients: new ListCampaignRecipients(deps),
          exportCampaignResults: new ExportCampaignResults(deps),
          previewCampaign: new PreviewCampaign({ uow, clock, calendar, nodeAttemptCap: config.attemptCap ?? null }),
        };
      },
    );
  });
