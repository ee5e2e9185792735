import { ContainerModule } from 'inversify';
import { SimulatedCalls } from '../../adapters/simulated/simulated-calls.js';
import { SimulatedTelephony } from '../../adapters/simulated/simulated-telephony.js';
import { SimulatedWebCallServer } from '../../adapters/simulated/simulated-web-call-server.js';
import { ConversationRelayServer } from '../../adapters/twilio/conversation-relay-server.js';
import { TwilioCallRelocation } from '../../adapters/twilio/twilio-call-relocation.js';
import { TwilioTelephony } from '../../adapters/twilio/twilio-telephony.js';
import { PublicUrlPeerNodes } from '../../adapters/http/public-url-peer-nodes.js';
import { CallDrain } from '../../application/voice/call-drain.js';
import { nodeClientNetworkResolver } from '../../adapters/rest/client-network.js';
import type { WebSocketEndpoint } from '../voice-runtime.js';
import { provideWith } from './provide.js';
import { restRateLimitsOf } from './rate-rules.js';
import { TOKENS } from './tokens.js';

/**
 * The WebSockets of live calls (Twilio's ConversationRelay, or the simulated carrier's calls
 * and their browser socket), and the voice runtime embedders reach through `switchboard.voice()`.
 */
export const voiceSocketsModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(
      TOKENS.simulatedCalls,
      [TOKENS.telephony, TOKENS.voiceEngine, TOKENS.callUseCases, TOKENS.logger, TOKENS.lifecycle],
      (telephony, engine, calls, logger, lifecycle) => {
        if (!(telephony instanceof SimulatedTelephony)) return null;
        const simulated = new SimulatedCalls({ engine, calls, telephony, logger });
        return lifecycle.manage('simulated calls', simulated, { stop: () => simulated.close() });
      },
    );
    provide(
      TOKENS.webSocketEndpoints,
      [TOKENS.settings, TOKENS.telephony, TOKENS.voiceEngine, TOKENS.callUseCases, TOKENS.simulatedCalls, TOKENS.clock, TOKENS.logger, TOKENS.lifecycle, TOKENS.rateLimiter],
      ({ config, publicUrl }, telephony, engine, calls, simulatedCalls, clock, logger, lifecycle, limiter) => {
        const endpoints: WebSocketEndpoint[] = [];
        if (config.twilio) {
          const relay = new ConversationRelayServer({ engine, authToken: config.twilio.authToken, publicUrl, logger });
          endpoints.push(lifecycle.manage('ConversationRelay socket', relay, { stop: () => relay.close() }));
        }
        if (simulatedCalls && telephony instanceof SimulatedTelephony) {
          // A wrong web-call token counts with the client's wrong API keys (AUTH_FAILURE_RATE_LIMIT).
          const rule = restRateLimitsOf(config, limiter).authFailuresPerIp;
          const failedTokens = rule ? { limiter, rule, clientOf: nodeClientNetworkResolver(config.trustProxy) } : undefined;
          const browser = new SimulatedWebCallServer({ simulatedCalls, telephony, calls, clock, logger, failedTokens });
          endpoints.push(lifecycle.manage('simulated web call socket', browser, { stop: () => browser.close() }));
        }
        return endpoints;
      },
    );
    // A stopping node hands its calls to the nodes behind PUBLIC_URL (Twilio only: simulated calls live in this process).
    provide(
      TOKENS.callDrain,
      [TOKENS.settings, TOKENS.telephony, TOKENS.voiceEngine, TOKENS.finishCall, TOKENS.callWebhooks, TOKENS.unitOfWork, TOKENS.clock, TOKENS.logger],
      ({ config, publicUrl }, telephony, engine, finishCall, callWebhooks, uow, clock, logger) =>
        new CallDrain({
          engine,
          uow,
          clock,
          logger,
          telephony,
          relocation: telephony instanceof TwilioTelephony ? new TwilioCallRelocation({ calls: telephony, callWebhooks }) : null,
          peers: telephony instanceof TwilioTelephony ? new PublicUrlPeerNodes(publicUrl) : null,
          recordShutdown: (callId) => finishCall.execute({ callId, outcome: 'completed', reason: 'node_shutdown' })(),
          timeoutMs: config.drainTimeoutMs ?? 30_000,
        }),
    );
    provide(
      TOKENS.voiceRuntime,
      [TOKENS.callUseCases, TOKENS.voiceEngine, TOKENS.eventBus, TOKENS.simulatedCalls, TOKENS.unconnectedWebCalls, TOKENS.webSocketEndpoints],
      (calls, engine, eventBus, simulated, unconnectedWebCalls, endpoints) => ({
        calls,
        engine,
        eventBus,
        simulated,
        unconnectedWebCalls,
        handleUpgrade: (request, socket, head) => endpoints.some((endpoint) => endpoint.handleUpgrade(request, socket, head)),
      }),
    );
  });
