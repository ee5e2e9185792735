import * as E from 'fp-ts/lib/Either.js';
import { JsonOutboundEventEncoder } from '../../src/adapters/http/json-outbound-event-encoder.js';
import { LuxonTimeZoneCalendar } from '../../src/adapters/luxon/luxon-time-zone-calendar.js';
import { GeoCarrierNumberTimeZones } from '../../src/adapters/libphonenumber-geo-carrier/geo-carrier-number-time-zones.js';
import { TimeSortableIdGenerator } from '../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { SimulatedTelephony } from '../../src/adapters/simulated/simulated-telephony.js';
import { FixedClock } from '../../src/adapters/system/fixed-clock.js';
import type { Repositories } from '../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import type { VoiceCatalog } from '../../src/application/ports/voice-catalog.js';
import { CampaignEngine } from '../../src/application/campaigns/campaign-engine.js';
import type { CampaignEngineOptions } from '../../src/application/campaigns/campaign-engine-context.js';
import { FinishCall } from '../../src/application/use-cases/calls/finish-call.js';
import { PlaceOutboundCall } from '../../src/application/use-cases/calls/place-outbound-call.js';
import { PlaceCampaignCalls } from '../../src/application/use-cases/calls/place-campaign-calls.js';
import { AddCampaignRecipients } from '../../src/application/use-cases/campaigns/add-campaign-recipients.js';
import { ChangeCampaignStatus } from '../../src/application/use-cases/campaigns/change-campaign-status.js';
import { CreateCampaign } from '../../src/application/use-cases/campaigns/create-campaign.js';
import { ListCampaignRecipients } from '../../src/application/use-cases/campaigns/list-campaign-recipients.js';
import type { CampaignSettings } from '../../src/application/use-cases/campaigns/campaign-settings.js';
import { campaignDialerOf } from '../../src/bootstrap/composition/campaigns-module.js';
import type { Campaign, CampaignAction } from '../../src/domain/campaign.js';
import { completeCall } from '../../src/domain/call.js';
import type { E164 } from '../../src/domain/e164.js';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import { RecordingLogger } from '../integration/rest/harness.js';
import { anAgent, aNumber, aProject } from './builders.js';

/** Monday 24 November 2026, 08:30 in New York (05:30 in Los Angeles). */
export const MONDAY_0830_EASTERN = new Date('2026-11-24T13:30:00.000Z');

/**
 * The campaign engine on a store, with the real use cases around it: each attempt is placed by
 * PlaceOutboundCall on a simulated carrier, and ends through FinishCall as the carrier's status
 * callback would end it. Time is a fixed clock the test moves; rounds run when the test says.
 */
export const aCampaignRig = async (options: {
  readonly uow: UnitOfWork;
  readonly clock?: FixedClock;
  readonly engine?: Partial<CampaignEngineOptions>;
  readonly numbers?: number;
  /** Where the agent's numbers are (several rigs on one store need different ones). */
  readonly areaCode?: string;
}) => {
  const { uow } = options;
  const clock = options.clock ?? new FixedClock(MONDAY_0830_EASTERN);
  const ids = new TimeSortableIdGenerator();
  const logger = new RecordingLogger();
  const telephony = new SimulatedTelephony();
  const calendar = new LuxonTimeZoneCalendar();
  const numberZones = new GeoCarrierNumberTimeZones();
  const callWebhooksOf = (callId: string) => ({
    relayUrl: `wss://sb.test/relay?callId=${callId}`,
    relayEndedUrl: `https://sb.test/relay-ended/${callId}`,
    statusUrl: `https://sb.test/status/${callId}`,
    recordingStatusUrl: `https://sb.test/recording/${callId}`,
    answeredByUrl: `https://sb.test/answered-by/${callId}`,
  });
  const voices: VoiceCatalog = { listVoices: async () => [] } as unknown as VoiceCatalog;
  const outbound = { uow, clock, ids, telephony, voices, callWebhooks: callWebhooksOf, logger };
  const placeOutboundCall = new PlaceOutboundCall(outbound);
  const placeCampaignCalls = new PlaceCampaignCalls(outbound);
  const finishCall = new FinishCall({
    uow,
    clock,
    ids,
    live: { settle: async () => null },
    eventBus: { publish: async () => {} } as never,
    deliveryTrigger: null,
    logger,
    eventEncoder: new JsonOutboundEventEncoder(),
  });
  const engine = new CampaignEngine(
    {
      uow,
      clock,
      calendar,
      dialer: campaignDialerOf({ placeCampaignCalls }),
      logger,
      eventBus: null,
      projectCallCap: async () => null,
      events: { ids, clock, eventEncoder: new JsonOutboundEventEncoder(), deliveryTrigger: null },
    },
    { pollIntervalMs: 1000, leaseMs: 120_000, batchSize: 100, ...options.engine },
  );
  const deps = { uow, clock, ids, calendar, numberZones, campaignTrigger: null, events: { ids, clock, eventEncoder: new JsonOutboundEventEncoder(), deliveryTrigger: null } };
  const useCases = {
    createCampaign: new CreateCampaign(deps),
    addRecipients: new AddCampaignRecipients(deps),
    changeStatus: new ChangeCampaignStatus(deps),
    listRecipients: new ListCampaignRecipients(deps),
  };

  const read = async <A>(work: (tx: Repositories) => Promise<A>): Promise<A> => {
    const result = await uow.transaction(async (tx) => E.right(await work(tx)));
    if (E.isLeft(result)) throw new Error('unexpected Left');
    return result.right;
  };

  // A project with an agent and its numbers, held at the simulated carrier.
  const project = aProject();
  const agent = anAgent({ projectId: project.id });
  const numbers: PhoneNumber[] = [];
  for (let i = 0; i < (options.numbers ?? 1); i++) {
    const [available] = E.getOrElseW(() => [])(await telephony.searchNumbers({ country: 'US', areaCode: options.areaCode ?? null, limit: 1 }));
    const bought = await telephony.purchaseNumber(available!.phoneNumber, {} as never);
    if (E.isLeft(bought)) throw new Error(bought.left.message);
    numbers.push(aNumber({ projectId: project.id, agentId: agent.id, phoneNumber: available!.phoneNumber, providerId: bought.right.providerId }));
  }
  await read(async (tx) => {
    await tx.projects.save(project);
    await tx.agents.save(agent);
    for (const number of numbers) await tx.numbers.save(number);
  });

  const settings = (changes: Partial<CampaignSettings> = {}): CampaignSettings => ({
    name: 'Reminders',
    agentId: agent.id,
    fromNumber: { kind: 'round_robin' },
    systemPrompt: null,
    initialGreeting: 'Hello {{firstName}}, this is a reminder.',
    schedule: { startAt: null, endBy: null, weekdays: [1, 2, 3, 4, 5], dailyStartMinute: 8 * 60, dailyEndMinute: 20 * 60, defaultTimeZone: 'America/New_York' },
    pacing: { maxConcurrentCalls: 10, callsPerMinute: 600 },
    retry: { maxAttempts: 3, backoffSeconds: 600, backoffMultiplier: 2, retryOn: ['busy', 'no_answer'] },
    voicemail: 'leave_message',
    requireConsent: null,
    ...changes,
  });

  /** A started campaign calling `phoneNumbers` (each with variables `firstName`). */
  const startCampaign = async (phoneNumbers: readonly E164[], changes: Partial<CampaignSettings> = {}): Promise<Campaign> => {
    const created = await useCases.createCampaign.execute({
      projectId: project.id,
      settings: settings(changes),
      recipients: phoneNumbers.map((phoneNumber, i) => ({ phoneNumber, contactId: null, variables: { firstName: `Person ${i}` }, source: `recipients[${i}]` })),
    })();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return act(created.right.campaign, 'start');
  };

  const act = async (campaign: Campaign, action: CampaignAction): Promise<Campaign> => {
    const changed = await useCases.changeStatus.execute({ projectId: project.id, campaignId: campaign.id, action })();
    if (E.isLeft(changed)) throw new Error(JSON.stringify(changed.left));
    return changed.right;
  };

  /** Calls placed at the carrier that are still ringing or talking (not ended through FinishCall). */
  const ended = new Set<string>();
  const liveCalls = () => telephony.placedCalls.filter((c) => !ended.has(c.callId));

  /** Ends a placed call as the carrier reports it: `completed` (answered), `busy`, `no-answer`, `voicemail`, `failed`. */
  const endCall = async (callId: string, how: 'completed' | 'busy' | 'no-answer' | 'voicemail' | 'failed') => {
    ended.add(callId);
    const result = await finishCall.execute({
      callId,
      outcome: how === 'completed' || how === 'voicemail' ? 'completed' : 'failed',
      reason: how === 'completed' ? 'caller_hangup' : how,
    })();
    if (E.isLeft(result)) throw new Error('the call was not found');
  };

  /** Ends every live call the same way. */
  const endAll = async (how: Parameters<typeof endCall>[1]) => {
    for (const call of liveCalls()) await endCall(call.callId, how);
  };

  /**
   * Ends every live call as answered and hung up, stored directly (the calls read and each end
   * stored in one unit of work), not through FinishCall: for a bench of the engine, whose rounds
   * read only that the calls ended; the end's webhook, analysis and events are not its work.
   */
  const storeEndsAnswered = async () => {
    const live = liveCalls();
    const now = clock.now();
    await read(async (tx) => {
      for (const call of await tx.calls.findByIdsInAnyProject(live.map((c) => c.callId))) {
        const ended = completeCall(call, { now, reason: 'caller_hangup' });
        if (E.isRight(ended)) await tx.calls.storeEnd(ended.right);
      }
    });
    for (const call of live) ended.add(call.callId);
  };

  const recipients = async (campaign: Campaign) => {
    const page = await useCases.listRecipients.execute({
      projectId: project.id,
      campaignId: campaign.id,
      query: { limit: 1000, offset: 0, status: null, outcome: null },
    })();
    if (E.isLeft(page)) throw new Error('no such campaign');
    return page.right.items;
  };

  const campaignNow = (campaign: Campaign) => read((tx) => tx.campaigns.findById(project.id, campaign.id));

  /**
   * Another node on the same store and carrier (its own unit of work: its own connections),
   * counting the calls it placed. `dialer: 'hangs'` makes a node that dies while placing its
   * calls: its claims are leased and never placed.
   */
  const anotherNode = (nodeUow: UnitOfWork, mode: 'places' | 'hangs' = 'places') => {
    const place = new PlaceCampaignCalls({ ...outbound, uow: nodeUow });
    const dialer = campaignDialerOf({ placeCampaignCalls: place });
    const node = {
      placed: 0,
      engine: new CampaignEngine(
        {
          uow: nodeUow,
          clock,
          calendar,
          dialer: {
            dial: async (batch) => {
              if (mode === 'hangs') return new Promise<never>(() => {});
              const results = await dialer.dial(batch);
              node.placed += results.length;
              return results;
            },
          },
          logger,
          eventBus: null,
          projectCallCap: async () => null,
          events: null,
        },
        { pollIntervalMs: 1000, leaseMs: 120_000, batchSize: 100, ...options.engine },
      ),
    };
    return node;
  };

  return { uow, clock, telephony, engine, anotherNode, placeOutboundCall, placeCampaignCalls, project, agent, numbers, useCases, read, startCampaign, act, liveCalls, endCall, endAll, storeEndsAnswered, recipients, campaignNow, settings, logger };
};
