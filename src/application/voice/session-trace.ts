import type { Call, DisconnectionReason } from '../../domain/call.js';
import type { TraceSpan, Tracing } from '../ports/tracing.js';

/** The span of a call's session, named by the call's id, direction and mode (never its numbers). */
export function startCallSpan(tracing: Tracing, call: Call, resumed: boolean): TraceSpan {
  const span = tracing.start('call');
  if (span.recording) {
    span.set('switchboard.call.id', call.id);
    span.set('switchboard.call.direction', call.direction);
    span.set('switchboard.call.type', call.type);
    span.set('switchboard.call.voice_mode', call.voiceMode);
    if (call.agentId) span.set('switchboard.agent.id', call.agentId);
    if (resumed) span.set('switchboard.call.resumed', true);
  }
  return span;
}

/** A caller turn's span under the call's: its sequence, and whether it came as keypad digits. */
export function startTurnSpan(call: TraceSpan, sequence: number, dtmf: boolean): TraceSpan {
  const span = call.child('turn');
  if (span.recording) {
    span.set('switchboard.turn.sequence', sequence);
    if (dtmf) span.set('switchboard.turn.dtmf', true);
  }
  return span;
}

/** Ends a session's span: how many turns, and why it ended when the agent's side ended it. */
export function endCallSpan(span: TraceSpan, turns: number, reason: DisconnectionReason | null, handedOver: boolean): void {
  if (span.recording) {
    span.set('switchboard.call.turns', turns);
    if (reason) span.set('switchboard.call.disconnection_reason', reason);
    if (handedOver) span.set('switchboard.call.warm_transfer', true);
  }
  span.end();
}

/** A transfer the agent asked for, as a span of its own under the turn's: cold, warm, or refused. */
export function traceTransfer(turn: TraceSpan, kind: 'cold' | 'warm' | 'refused'): void {
  const span = turn.child('transfer');
  if (span.recording) {
    span.set('switchboard.transfer.kind', kind);
    if (kind === 'refused') span.fail('refused: no number to transfer to');
  }
  span.end();
}
