import * as E from 'fp-ts/lib/Either.js';
import { ContainerModule } from 'inversify';
import type { Hono } from 'hono';
import type { EventBus } from '../../application/ports/event-bus.js';
import { brainsByMode } from '../../application/ports/agent-brain.js';
import { DEFAULT_AI_DISCLOSURE } from '../config.js';
import { nodeRecordingDisclosure } from './settings.js';
import { CallRecordWriter } from '../../application/voice/call-record-writer.js';
import { BoundedCallMemo } from '../../application/kernel/bounded-call-memo.js';
import { VoiceSessionEngine } from '../../application/voice/voice-session-engine.js';
import { WebCallCredentialKeeper } from '../../application/voice/web-call-credential-keeper.js';
import { WebhookBrain } from '../../application/voice/webhook-brain.js';
import { AnswerInboundCall } from '../../application/use-cases/calls/answer-inbound-call.js';
import { AttachCallRecording } from '../../application/use-cases/calls/attach-call-recording.js';
import { CreateWebCall } from '../../application/use-cases/calls/create-web-call.js';
import { EndCall } from '../../application/use-cases/calls/end-call.js';
import { FailUnconnectedWebCalls } from '../../application/use-cases/calls/fail-unconnected-web-calls.js';
import { FinishCall } from '../../application/use-cases/calls/finish-call.js';
import { GetCallRecording } from '../../application/use-cases/calls/get-call-recording.js';
import { PlaceCampaignCalls } from '../../application/use-cases/calls/place-campaign-calls.js';
import { PlaceOutboundCall } from '../../application/use-cases/calls/place-outbound-call.js';
import { GetCall } from '../../application/use-cases/calls/get-call.js';
import { RecordCallScenario } from '../../application/use-cases/calls/record-call-scenario.js';
import { ListCalls } from '../../application/use-cases/calls/list-calls.js';
import { StreamTranscript } from '../../application/use-cases/calls/stream-transcript.js';
import { RecordAnsweredBy } from '../../application/use-cases/calls/record-answered-by.js';
import { AwaitCallEnd } from '../../application/use-cases/calls/await-call-end.js';
import { RecordWarmTransfer } from '../../application/use-cases/calls/record-warm-transfer.js';
import { RecordCallOptOut } from '../../application/use-cases/calls/record-call-opt-out.js';
import { HandOffCall } from '../../application/use-cases/calls/hand-off-call.js';
import { HttpVoiceTurnTransport } from '../../adapters/http/http-voice-turn-transport.js';
import { InProcessEventBus } from '../../adapters/in-process/in-process-event-bus.js';
import { PostgresEventBus } from '../../adapters/postgres-listen-notify/postgres-event-bus.js';
import { twilioVoiceRoutes } from '../../adapters/twilio/twilio-voice-routes.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** Live calls: the event bus, the voice session engine and its brains, the call use cases. */
export const voiceModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.eventBus, [TOKENS.config, TOKENS.logger, TOKENS.lifecycle], (config, logger, lifecycle) => {
      const log = logger.child({ component: 'voice' });
      const bus: EventBus =
        config.eventBus === 'postgres' && config.databaseUrl ? new PostgresEventBus(config.databaseUrl, log) : new InProcessEventBus(log);
      return lifecycle.manage('event bus', bus, { stop: () => bus.close() });
    });
    provide(TOKENS.voiceTurnTransport, [TOKENS.outboundGuard, TOKENS.lifecycle], (guard, lifecycle) => {
      const transport = new HttpVoiceTurnTransport(guard);
      return lifecycle.manage('voice turn transport', transport, { stop: () => transport.close() });
    });
    provide(
      TOKENS.voiceEngine,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.logger, TOKENS.eventBus, TOKENS.voiceTurnTransport, TOKENS.hostedBrain, TOKENS.eventEncoder, TOKENS.timers, TOKENS.tracing, TOKENS.activity, TOKENS.deliveryTrigger, TOKENS.lifecycle],
      (uow, clock, ids, logger, eventBus, transport, hostedBrain, eventEncoder, timers, tracing, activity, deliveryTrigger, lifecycle) => {
        const recordOptOut = new RecordCallOptOut({ uow, clock, ids, eventEncoder, deliveryTrigger });
        const handOff = new HandOffCall({ uow, clock, ids, eventEncoder, deliveryTrigger });
        const writer = new CallRecordWriter({ uow, eventBus, logger });
        const webhookBrain = new WebhookBrain({
          transport,
          eventEncoder,
          ids,
          clock,
          logger: logger.child({ component: 'voice' }),
          // The engine's clock: a turn's latency figures subtract the brain's moments from the session's.
          now: () => timers.now(),
          recordDelivery: (entry) => writer.writeDelivery(entry),
        });
        // What answering a call read, and what an ended session knew, wait in this process for the call's next step.
        const engine = new VoiceSessionEngine({
          uow,
          clock,
          ids,
          logger,
          writer,
          timers,
          tracing,
          activity,
          brains: brainsByMode({ webhook: webhookBrain, hosted: hostedBrain }),
          answerReads: new BoundedCallMemo(() => timers.now()),
          endedSessions: new BoundedCallMemo(() => timers.now()),
          optOuts: { record: async (optOut) => void (await recordOptOut.execute(optOut)()) },
          handoffs: {
            handOff: async (request) => {
              const done = await handOff.execute(request)();
              return E.isLeft(done) ? E.left(done.left._tag === 'NotFound' ? `no ${done.left.resource} ${done.left.id}` : done.left.message) : done;
            },
          },
        });
        return lifecycle.manage('voice session engine', engine, { stop: () => engine.close() });
      },
    );
    provide(
      TOKENS.finishCall,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.voiceEngine, TOKENS.eventBus, TOKENS.deliveryTrigger, TOKENS.eventEncoder, TOKENS.callAnalyst, TOKENS.activity, TOKENS.logger],
      (uow, clock, ids, live, eventBus, deliveryTrigger, eventEncoder, analysis, activity, logger) =>
        new FinishCall({ uow, clock, ids, live, eventBus, deliveryTrigger, eventEncoder, analysis, activity, logger: logger.child({ component: 'voice' }) }),
    );
    provide(
      TOKENS.callUseCases,
      [TOKENS.settings, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.telephony, TOKENS.voiceCatalog, TOKENS.callWebhooks, TOKENS.finishCall, TOKENS.eventBus, TOKENS.logger, TOKENS.eventEncoder, TOKENS.deliveryTrigger, TOKENS.timers, TOKENS.voiceEngine, TOKENS.callPageQuery, TOKENS.timeZoneCalendar, TOKENS.numberTimeZones, TOKENS.callQuery],
      (settings, uow, clock, ids, telephony, voices, callWebhooks, finishCall, eventBus, logger, eventEncoder, deliveryTrigger, timers, live, calls, calendar, numberZones, call) => {
        // One call and a campaign's batch of them are placed with the same words, caps and checks.
        const outbound = {
          uow,
          clock,
          ids,
          telephony,
          voices,
          callWebhooks,
          logger: logger.child({ component: 'voice' }),
          aiDisclosure: settings.config.aiDisclosure === undefined ? DEFAULT_AI_DISCLOSURE : settings.config.aiDisclosure,
          recordingDisclosure: nodeRecordingDisclosure(settings.config),
          attemptCap: settings.config.attemptCap ?? null,
          callingWindows: { calendar, numberZones },
        };
        return {
          answerInboundCall: new AnswerInboundCall({ uow, clock, ids, eventEncoder, deliveryTrigger, live, recordingDisclosure: nodeRecordingDisclosure(settings.config) }),
          placeOutboundCall: new PlaceOutboundCall(outbound),
          placeCampaignCalls: new PlaceCampaignCalls(outbound),
          createWebCall: new CreateWebCall({
            uow,
            clock,
            ids,
            telephony,
            recordingDisclosure: nodeRecordingDisclosure(settings.config),
            // The TwiML App's Voice URL: browser calls arrive where a number's calls do.
            credentials: new WebCallCredentialKeeper({ uow, clock, setup: telephony.webCallSetup ?? null, voiceUrl: `${settings.publicUrl}/twilio/voice` }),
          }),
          finishCall,
          endCall: new EndCall({ uow, telephony, finishCall }),
          attachCallRecording: new AttachCallRecording({ uow }),
          getCall: new GetCall({ call }),
          recordCallScenario: new RecordCallScenario({ call }),
          listCalls: new ListCalls({ calls }),
          getCallRecording: new GetCallRecording({ uow, telephony }),
          streamTranscript: new StreamTranscript({ uow, eventBus }),
          recordWarmTransfer: new RecordWarmTransfer({ uow, clock, ids, eventEncoder, deliveryTrigger, finishCall }),
          awaitCallEnd: new AwaitCallEnd({ getCall: new GetCall({ call }), eventBus, timers }),
          recordAnsweredBy: new RecordAnsweredBy({ uow, clock, ids, eventEncoder, deliveryTrigger, telephony, finishCall, logger: logger.child({ component: 'voice' }) }),
        };
      },
    );
    provide(
      TOKENS.unconnectedWebCalls,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.logger, TOKENS.finishCall, TOKENS.lifecycle],
      (uow, clock, logger, finishCall, lifecycle) => {
        const sweep = new FailUnconnectedWebCalls({ uow, clock, logger: logger.child({ component: 'voice' }), finishCall });
        return lifecycle.manage('unconnected web call sweep', sweep, sweep);
      },
    );
    // The carrier's voice webhooks, on Twilio only.
    provide(
      TOKENS.twilioVoiceRoutes,
      [TOKENS.settings, TOKENS.callUseCases, TOKENS.callWebhooks, TOKENS.logger],
      ({ config, publicUrl }, calls, callWebhooks, logger) =>
        config.twilio
          ? (twilioVoiceRoutes({
              calls,
              callWebhooks,
              authToken: config.twilio.authToken,
              publicUrl,
              logger,
              ...(config.callBusyMessage ? { busyMessage: config.callBusyMessage } : {}),
              ...(config.speechModes ? { speechModes: config.speechModes } : {}),
            }) as unknown as Hono)
          : null,
    );
  });
