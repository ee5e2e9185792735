import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Container } from 'inversify';
import type { Hono } from 'hono';
import type { Clock } from '../application/ports/clock.js';
import type { EventBus } from '../application/ports/event-bus.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { Logger } from '../application/ports/logger.js';
import type { CallWebhooks, Telephony } from '../application/ports/telephony.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { VoiceCatalog } from '../application/ports/voice-catalog.js';
import type { VoiceTurnTransport } from '../application/ports/voice-turn-transport.js';
import type { OutboundEventEncoder } from '../application/ports/outbound-event-encoder.js';
import type { DeliveryTrigger } from '../application/ports/webhook-repositories.js';
import type { LanguageModel } from '../application/ports/language-model.js';
import { brainsByMode, type AgentBrain, type TurnTiming } from '../application/services/agent-brain.js';
import { HostedBrain } from '../application/services/hosted-brain.js';
import { CallRecordWriter } from '../application/services/call-record-writer.js';
import { VoiceSessionEngine } from '../application/services/voice-session-engine.js';
import { WebhookBrain } from '../application/services/webhook-brain.js';
import { AnswerInboundCall } from '../application/use-cases/calls/answer-inbound-call.js';
import { AttachCallRecording } from '../application/use-cases/calls/attach-call-recording.js';
import type { CallUseCases } from '../application/use-cases/call-use-cases.js';
import { CreateWebCall } from '../application/use-cases/calls/create-web-call.js';
import { WebCallCredentialKeeper } from '../application/services/web-call-credential-keeper.js';
import { EndCall } from '../application/use-cases/calls/end-call.js';
import { FailUnconnectedWebCalls } from '../application/use-cases/calls/fail-unconnected-web-calls.js';
import { FinishCall } from '../application/use-cases/calls/finish-call.js';
import { GetCallRecording } from '../application/use-cases/calls/get-call-recording.js';
import { PlaceOutboundCall } from '../application/use-cases/calls/place-outbound-call.js';
import { GetCall } from '../application/use-cases/calls/get-call.js';
import { ListCalls } from '../application/use-cases/calls/list-calls.js';
import { StreamTranscript } from '../application/use-cases/calls/stream-transcript.js';
import { HttpVoiceTurnTransport } from '../adapters/http/http-voice-turn-transport.js';
import { JsonOutboundEventEncoder } from '../adapters/http/json-outbound-event-encoder.js';
import { OutboundGuard } from '../adapters/http/outbound-guard.js';
import { InProcessEventBus } from '../adapters/in-process/in-process-event-bus.js';
import { PostgresEventBus } from '../adapters/postgres-listen-notify/postgres-event-bus.js';
import { SimulatedCalls } from '../adapters/simulated/simulated-calls.js';
import { SimulatedTelephony } from '../adapters/simulated/simulated-telephony.js';
import { SimulatedWebCallServer } from '../adapters/simulated/simulated-web-call-server.js';
import { ConversationRelayServer, relayUrlFor } from '../adapters/twilio/conversation-relay-server.js';
import { twilioVoiceRoutes } from '../adapters/twilio/twilio-voice-routes.js';
import { privateNetworkTargetsOf, type SwitchboardConfig } from './config.js';
import { TOKENS } from './tokens.js';

/** The voice side of one Switchboard: live calls, their routes and sockets. */
export interface VoiceRuntime {
  readonly calls: CallUseCases;
  readonly engine: VoiceSessionEngine;
  readonly eventBus: EventBus;
  /** The simulated carrier's calls (tests, console, browser page); null on another carrier. */
  readonly simulated: SimulatedCalls | null;
  /** Twilio's voice webhooks, to mount at the app's root; null unless Twilio is the carrier. */
  readonly twilioRoutes: Hono | null;
  /** Ends web calls no browser joined in time; `start()`ed by the Switchboard, stopped by close(). */
  readonly unconnectedWebCalls: FailUnconnectedWebCalls;
  /** Takes a WebSocket upgrade meant for Switchboard (true), else leaves it alone (false). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
}

export interface VoiceInputs {
  readonly config: SwitchboardConfig;
  readonly logger: Logger;
  readonly uow: UnitOfWork;
  readonly telephony: Telephony;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly voices: VoiceCatalog;
  readonly deliveryTrigger: DeliveryTrigger | null;
  /** `PUBLIC_URL`, base path included. */
  readonly publicUrl: string;
  /** Hears each answered turn's timing (the voice benchmark). */
  readonly observer?: (callId: string, timing: TurnTiming) => void;
  /** The brain of hosted calls; default: a {@link HostedBrain} on `languageModel`. */
  readonly hostedBrain?: AgentBrain;
  /** Hosted mode's model; null or absent: hosted calls hear the apology. */
  readonly languageModel?: LanguageModel | null;
  readonly transport?: VoiceTurnTransport;
  /** Makes the bodies of voice turns and call ends; default: the catalogue's JSON encoding. */
  readonly eventEncoder?: OutboundEventEncoder;
  /** What voice turns may connect to; default: one made from `config`. */
  readonly outboundGuard?: OutboundGuard;
}

/** Where the carrier reaches this server about a call. */
export const callWebhooksFor =
  (publicUrl: string) =>
  (callId: string): CallWebhooks => {
    const id = encodeURIComponent(callId);
    return {
      relayUrl: relayUrlFor(publicUrl, callId),
      relayEndedUrl: `${publicUrl}/twilio/voice/relay-ended?callId=${id}`,
      statusUrl: `${publicUrl}/twilio/voice/status?callId=${id}`,
      recordingStatusUrl: `${publicUrl}/twilio/voice/recording?callId=${id}`,
    };
  };

export const buildVoice = (inputs: VoiceInputs): VoiceRuntime => {
  const { config, logger, uow, telephony, clock, ids } = inputs;
  const log = logger.child({ component: 'voice' });
  const eventBus: EventBus =
    config.eventBus === 'postgres' && config.databaseUrl
      ? new PostgresEventBus(config.databaseUrl, log)
      : new InProcessEventBus(log);
  const transport =
    inputs.transport ?? new HttpVoiceTurnTransport(inputs.outboundGuard ?? new OutboundGuard(privateNetworkTargetsOf(config)));
  const eventEncoder = inputs.eventEncoder ?? new JsonOutboundEventEncoder();
  const writer = new CallRecordWriter({ uow, eventBus, logger });
  const webhookBrain = new WebhookBrain({
    transport,
    eventEncoder,
    ids,
    clock,
    logger: log,
    now: () => performance.now(),
    recordDelivery: (entry) => writer.writeDelivery(entry),
  });
  const hostedBrain =
    inputs.hostedBrain ??
    new HostedBrain({ model: inputs.languageModel ?? null, apology: config.hostedApology, logger: log, now: () => performance.now() });
  const engine = new VoiceSessionEngine({
    uow,
    clock,
    ids,
    logger,
    writer,
    brains: brainsByMode({ webhook: webhookBrain, hosted: hostedBrain }),
    observer: inputs.observer,
  });
  const core = { uow, clock, ids };
  const callWebhooks = callWebhooksFor(inputs.publicUrl);
  const finishCall = new FinishCall({ ...core, live: engine, eventBus, deliveryTrigger: inputs.deliveryTrigger, logger: log, eventEncoder });
  const calls: CallUseCases = {
    answerInboundCall: new AnswerInboundCall(core),
    placeOutboundCall: new PlaceOutboundCall({ ...core, telephony, voices: inputs.voices, callWebhooks, logger: log }),
    createWebCall: new CreateWebCall({
      ...core,
      telephony,
      // The TwiML App's Voice URL: browser calls arrive where a number's calls do.
      credentials: new WebCallCredentialKeeper({ uow, clock, setup: telephony.webCallSetup ?? null, voiceUrl: `${inputs.publicUrl}/twilio/voice` }),
    }),
    finishCall,
    endCall: new EndCall({ uow, telephony, finishCall }),
    attachCallRecording: new AttachCallRecording({ uow }),
    getCall: new GetCall({ uow }),
    listCalls: new ListCalls({ uow }),
    getCallRecording: new GetCallRecording({ uow, telephony }),
    streamTranscript: new StreamTranscript({ uow, eventBus }),
  };

  const unconnectedWebCalls = new FailUnconnectedWebCalls({ uow, clock, logger: log, finishCall });

  const upgrades: { handleUpgrade(r: IncomingMessage, s: Duplex, h: Buffer): boolean; close(): Promise<void> }[] = [];
  let twilioRoutes: Hono | null = null;
  if (config.twilio) {
    twilioRoutes = twilioVoiceRoutes({ calls, callWebhooks, authToken: config.twilio.authToken, publicUrl: inputs.publicUrl, logger }) as unknown as Hono;
    upgrades.push(new ConversationRelayServer({ engine, authToken: config.twilio.authToken, publicUrl: inputs.publicUrl, logger }));
  }
  let simulated: SimulatedCalls | null = null;
  if (telephony instanceof SimulatedTelephony) {
    simulated = new SimulatedCalls({ engine, calls, telephony, logger });
    upgrades.push(new SimulatedWebCallServer({ simulatedCalls: simulated, telephony, calls, clock, logger }));
  }

  return {
    calls,
    engine,
    eventBus,
    simulated,
    twilioRoutes,
    unconnectedWebCalls,
    handleUpgrade: (request, socket, head) => upgrades.some((u) => u.handleUpgrade(request, socket, head)),
    close: async () => {
      await unconnectedWebCalls.stop();
      await Promise.all(upgrades.map((u) => u.close()));
      await simulated?.close();
      await engine.close();
      await eventBus.close();
      await transport.close?.();
    },
  };
};

/** Binds the voice side into the container (TOKENS.voice, TOKENS.callUseCases). */
export const bindVoice = (container: Container, publicUrl: string, languageModel: LanguageModel | null = null): void => {
  container
    .bind<VoiceRuntime>(TOKENS.voice)
    .toResolvedValue(
      (config: SwitchboardConfig, logger: Logger, uow: UnitOfWork, telephony: Telephony, clock: Clock, ids: IdGenerator, voices: VoiceCatalog, deliveryTrigger: DeliveryTrigger, outboundGuard: OutboundGuard, eventEncoder: OutboundEventEncoder) =>
        buildVoice({ config, logger, uow, telephony, clock, ids, voices, deliveryTrigger, publicUrl, languageModel, outboundGuard, eventEncoder }),
      [TOKENS.config, TOKENS.logger, TOKENS.unitOfWork, TOKENS.telephony, TOKENS.clock, TOKENS.ids, TOKENS.voiceCatalog, TOKENS.webhookDispatcher, TOKENS.outboundGuard, TOKENS.eventEncoder],
    );
  container.bind<CallUseCases>(TOKENS.callUseCases).toResolvedValue((voice: VoiceRuntime) => voice.calls, [TOKENS.voice]);
};
