import type { TurnLatency, TurnSource } from '../../domain/call.js';
import type { UnansweredReason } from '../events/unanswered-turn.js';
import type { ActionTaker, AgentAction, AgentBrain, BrainTurn, TurnTiming } from '../ports/agent-brain.js';
import type { TraceSpan } from '../ports/tracing.js';

type Say = Extract<AgentAction, { readonly kind: 'say' }>;

/** The answer in flight: what was spoken of it so far, and how to cancel it. */
export interface Answer {
  readonly controller: AbortController;
  readonly timing: TurnTiming;
  /**
   * What was spoken of it so far: the pieces handed to the carrier (none empty), joined once
   * when the answer ends, so a long answer is not rebuilt as a new string on every piece.
   */
  readonly spoken: string[];
  lastWasInterim: boolean;
  /** Why the brain said something other than an answer (see AgentAction `say`). */
  error: string | null;
  /** Why the caller gets no answer to this turn, as the brain told it (see AgentAction `unanswered`). */
  unanswered: UnansweredReason | null;
  /** The brain did something besides speaking (digits, a tool, a transfer, a hang-up). */
  acted: boolean;
  /** Sequence of the caller's turn this answers. */
  readonly turnSequence: number;
  /** Milliseconds spent in the tool calls of this answer that have settled. */
  toolMs: number;
  /** The turn's span, ended with the answer. */
  readonly span: TraceSpan;
  /** The passages the brain answered from (see AgentAction `sources`), kept on the agent's turn. */
  sources: readonly TurnSource[] | null;
}

const SENTENCE_END = /[.!?,;:…]$/;

/** A fresh answer to the caller's turn `turnSequence`, whose words arrived at `receivedAt` (monotonic ms). */
export function newAnswer(controller: AbortController, receivedAt: number, turnSequence: number, span: TraceSpan): Answer {
  return {
    controller,
    timing: { receivedAt, requestedAt: null, firstChunkAt: null, firstSpokenAt: null },
    spoken: [],
    lastWasInterim: false,
    error: null,
    unanswered: null,
    acted: false,
    turnSequence,
    toolMs: 0,
    span,
    sources: null,
  };
}

/**
 * What the carrier is to say for a `say`: its text, set apart by a space from the piece before
 * when that ended a sentence or was interim (unless the brain joins its pieces itself, `verbatim`).
 */
export function pieceToSpeak(answer: Answer, action: Say): string {
  const last = answer.spoken.at(-1);
  const joiner = !action.verbatim && last !== undefined && !/\s$/.test(last) && !/^\s/.test(action.text) && (answer.lastWasInterim || SENTENCE_END.test(last)) ? ' ' : '';
  return joiner + action.text;
}

/** Records on the answer a piece the carrier was handed. */
export function recordSpoken(answer: Answer, piece: string, action: Say, now: () => number): void {
  if (answer.timing.firstSpokenAt === null) answer.timing.firstSpokenAt = now();
  if (piece !== '') answer.spoken.push(piece);
  answer.lastWasInterim = action.interim;
  if (action.error !== undefined) answer.error ??= action.error;
}

/** A turn's first token and first text from the caller's words (rounded to the millisecond). */
export function firstsOf({ receivedAt, firstChunkAt, firstSpokenAt }: TurnTiming): Omit<TurnLatency, 'toolMs'> {
  return {
    firstTokenMs: firstChunkAt === null ? null : Math.max(0, Math.round(firstChunkAt - receivedAt)),
    firstTextMs: firstSpokenAt === null ? null : Math.max(0, Math.round(firstSpokenAt - receivedAt)),
  };
}

/** An answer's latency figures, from the caller's words. */
export function latencyOf(answer: Answer): TurnLatency {
  return { ...firstsOf(answer.timing), toolMs: Math.round(answer.toolMs) };
}

/** Counts a tool call's time on the answer once its result settles, in a span of its own under the turn's. */
export function timeTool(answer: Answer, action: Extract<AgentAction, { readonly kind: 'tool' }>, now: () => number): void {
  const started = now();
  const span = answer.span.child('tool');
  if (span.recording) {
    span.set('tool.name', action.name);
    span.set('tool.call_id', action.toolCallId);
  }
  action.result.then(
    (result) => {
      answer.toolMs += now() - started;
      if (span.recording) {
        span.set('tool.outcome', result.outcome);
        if (result.httpStatus !== null) span.set('http.response.status_code', result.httpStatus);
        if (result.outcome !== 'ok') span.fail(result.outcome);
      }
      span.end();
    },
    (error: unknown) => {
      answer.toolMs += now() - started;
      span.fail(String(error));
      span.end();
    },
  );
}

/** Ends the turn's span with its figures. */
export function endTurnSpan(answer: Answer, latency: { readonly firstTokenMs: number | null; readonly firstTextMs: number | null; readonly toolMs: number }, cancelled: boolean): void {
  const { span } = answer;
  if (span.recording) {
    if (latency.firstTokenMs !== null) span.set('switchboard.turn.first_token_ms', latency.firstTokenMs);
    if (latency.firstTextMs !== null) span.set('switchboard.turn.first_text_ms', latency.firstTextMs);
    span.set('switchboard.turn.tool_ms', latency.toolMs);
    span.set('switchboard.turn.cancelled', cancelled);
    if (answer.error !== null) span.fail(answer.error);
    else if (answer.unanswered) span.fail(answer.unanswered.kind);
  }
  span.end();
}

/** Why an answer over by itself left the caller unanswered: as the brain said, or because it said and did nothing. */
export function unansweredReasonOf(answer: Answer, spoken: string): UnansweredReason | null {
  return answer.unanswered ?? (spoken === '' && !answer.acted ? ({ kind: 'empty_answer' } as const) : null);
}

/** Asks the brain; a brain that throws before it returns fails this answer like one that rejects. */
export function askBrain(brain: AgentBrain, turn: BrainTurn, signal: AbortSignal, act: ActionTaker): Promise<void> {
  try {
    return brain.answer(turn, signal, act);
  } catch (error) {
    return Promise.reject(error);
  }
}
