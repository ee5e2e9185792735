import * as E from 'fp-ts/lib/Either.js';
import { fillVariables } from '../../domain/call-variables.js';
import type { AgentAction } from '../ports/agent-brain.js';
import type { CallHandoffs } from '../ports/call-handoffs.js';
import type { Logger } from '../ports/logger.js';
import type { VoiceGateway } from '../ports/voice-gateway.js';
import type { SessionContext } from './session-context.js';
import type { SessionTranscript } from './session-transcript.js';

type Handoff = Extract<AgentAction, { kind: 'handoff' }>;

/**
 * Hands the call to another agent, behind the voice loop: once the handoff is stored, the
 * session goes on with the new agent (its prompt, tools and knowledge from its next answer on),
 * the line speaks in its voice and language where the carrier can switch, and its greeting, if
 * it has one, is said. A refused handoff leaves the call with its agent, and is logged.
 */
export const handOffSession = (
  session: { readonly context: SessionContext; readonly gateway: VoiceGateway; readonly turns: SessionTranscript; readonly log: Logger; readonly handoffs?: CallHandoffs },
  action: Handoff,
): void => {
  const { context, log } = session;
  const before = context.call;
  if (!session.handoffs) {
    log.warn({ toAgentId: action.agentId }, 'handoff refused: this voice engine has no way to store handoffs');
    return;
  }
  session.handoffs.handOff({ callId: before.id, toAgentId: action.agentId, summary: action.summary }).then(
    (result) => {
      if (E.isLeft(result)) {
        log.warn({ fromAgentId: before.agentId, toAgentId: action.agentId, why: result.left }, 'handoff refused; the call stays with its agent');
        return;
      }
      const { call, agent, webhook } = result.right;
      context.call = call;
      context.agent = agent;
      context.webhook = webhook;
      log.info({ fromAgentId: before.agentId, toAgentId: agent.id, voiceMode: call.voiceMode }, 'the call was handed to another agent');
      if (call.voice !== before.voice || call.language !== before.language) {
        if (session.gateway.switchVoice) session.gateway.switchVoice(call.voice, call.language);
        else log.warn({ voice: call.voice, language: call.language }, 'the carrier cannot change the voice mid-session; the call keeps its voice');
      }
      const greeting = fillVariables(agent.greeting ?? '', call.variables).trim();
      if (greeting !== '') {
        session.gateway.speak(greeting, true);
        session.turns.add('agent', greeting);
      }
    },
    (error: unknown) => log.error({ toAgentId: action.agentId, err: String(error) }, 'storing the handoff failed; the call stays with its agent'),
  );
};
