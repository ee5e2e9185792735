import { conversationOf, switchableLanguage } from '../../domain/conversation-settings.js';
import type { DisconnectionReason } from '../../domain/call.js';
import type { AgentAction } from '../ports/agent-brain.js';
import type { Logger } from '../ports/logger.js';
import type { OptOutRecorder } from '../ports/opt-out-recorder.js';
import type { VoiceGateway } from '../ports/voice-gateway.js';
import { pieceToSpeak, recordSpoken, timeTool, type Answer } from './agent-answer.js';
import type { SessionContext } from './session-context.js';
import { recordOptOut } from './session-opt-out.js';
import { traceTransfer } from './session-trace.js';
import type { SessionTranscript } from './session-transcript.js';
import { transferPlanOf } from './session-transfer.js';
import { handOffSession } from './session-handoff.js';
import type { CallHandoffs } from '../ports/call-handoffs.js';

/** The parts of a voice session an agent's actions reach. */
export interface ActionSession {
  readonly context: SessionContext;
  readonly gateway: VoiceGateway;
  readonly turns: SessionTranscript;
  readonly log: Logger;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  readonly optOuts?: OptOutRecorder;
  /** Stores handoffs to another agent; absent: they are refused and logged. */
  readonly handoffs?: CallHandoffs;
  /** Ends the answer in flight, as finished. */
  closeAnswer(): void;
  /** Ends the session with the call. */
  end(reason: DisconnectionReason): void;
  /** Ends the session only: a warm transfer holds the caller, and the call may come back to the agent. */
  handOver(): void;
}

/** Does what the agent's answer asks, as the brain hands each action over. */
export const performAction = (session: ActionSession, answer: Answer, action: AgentAction): void => {
  if (action.kind !== 'say' && action.kind !== 'unanswered' && action.kind !== 'sources') answer.acted = true;
  switch (action.kind) {
    case 'say': {
      const piece = pieceToSpeak(answer, action);
      session.gateway.speak(piece, false);
      recordSpoken(answer, piece, action, session.now);
      return;
    }
    case 'digits':
      session.gateway.pressDigits(action.digits);
      return;
    case 'language': {
      const { call, agent } = session.context;
      const declared = switchableLanguage(call, conversationOf(call), action.language);
      if (!declared || !session.gateway.switchLanguage) {
        session.log.warn({ language: action.language, agentId: agent?.id ?? null }, 'language switch refused: not one of the agent\'s languages, or the carrier cannot switch');
        return;
      }
      session.gateway.switchLanguage(declared.code);
      return;
    }
    case 'tool':
      timeTool(answer, action, session.now);
      session.turns.recordTool(action, session.log);
      return;
    case 'transfer': {
      const plan = transferPlanOf(action, session.context.call, session.context.agent);
      traceTransfer(answer.span, plan.kind);
      if (plan.kind === 'refused') {
        session.log.warn({ agentId: session.context.call.agentId }, plan.warning);
        return;
      }
      session.closeAnswer();
      if (plan.kind === 'warm') {
        // The call stays live (the carrier holds the caller): only this session ends.
        session.handOver();
        session.gateway.transfer(plan.to, { summary: plan.briefing, timeoutSeconds: plan.timeoutSeconds });
        return;
      }
      session.end('transfer');
      session.gateway.transfer(plan.to);
      return;
    }
    case 'handoff':
      session.closeAnswer();
      handOffSession(session, action);
      return;
    case 'hangup':
      session.closeAnswer();
      session.end('agent_hangup');
      session.gateway.hangUp();
      return;
    case 'opt_out':
      recordOptOut(session.optOuts, session.context.call, action.reason ?? session.turns.lastCallerWords(), session.log);
      return;
    case 'unanswered':
      answer.unanswered ??= action.reason;
      return;
    case 'sources':
      answer.sources = action.sources;
      return;
  }
};
