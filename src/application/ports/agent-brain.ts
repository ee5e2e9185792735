import type { AnswerRead } from './call-answered-listener.js';
import type { Agent } from '../../domain/agent.js';
import type { Call, ToolOutcome, TranscriptTurn, TurnSource } from '../../domain/call.js';
import type { Webhook } from '../../domain/webhook.js';
import type { UnansweredReason } from '../events/unanswered-turn.js';
import type { TraceSpan } from './tracing.js';

/** What the agent does next, in the order it arrives. */
export type AgentAction =
  | {
      readonly kind: 'say';
      readonly text: string;
      readonly interim: boolean;
      /**
       * A raw piece of a streamed answer (hosted mode), joined to the previous one exactly as
       * given; otherwise pieces are whole phrases, set apart by a space where one seems missing.
       */
      readonly verbatim?: boolean;
      /** Said instead of an answer (an apology): why, kept on the agent's transcript turn. */
      readonly error?: string;
    }
  | { readonly kind: 'digits'; readonly digits: string }
  /** Speak and listen in another of the agent's languages from now on (webhook `action: "language"`, hosted `switch_language`). */
  | { readonly kind: 'language'; readonly language: string }
  /**
   * Pass the call to another agent of the project the agent lists in its `handoffs`: the call
   * goes on, on the same line, with that agent's prompt, voice, language and tools. Ends this answer.
   */
  | { readonly kind: 'handoff'; readonly agentId: string; readonly summary: string | null }
  /**
   * A custom HTTP tool the model called (hosted mode): stored as a `tool_call` turn now and a
   * `tool_result` turn once `result` settles, even if the caller barged in meanwhile.
   */
  | {
      readonly kind: 'tool';
      readonly toolCallId: string;
      readonly name: string;
      readonly arguments: Readonly<Record<string, unknown>>;
      readonly result: Promise<{
        readonly outcome: ToolOutcome;
        readonly httpStatus: number | null;
        readonly content: string;
        /** The knowledge-base passages the result holds, kept on its turn. */
        readonly sources?: readonly TurnSource[];
      }>;
    }
  | {
      readonly kind: 'transfer';
      /** `warm`: the caller holds while a human is dialled and briefed, and comes back if nobody takes the call. */
      readonly mode?: 'cold' | 'warm';
      /** Said to the human before the caller is put through (warm). */
      readonly summary?: string;
      /** Another number than the agent's transferNumber. */
      readonly to?: string;
    }
  | { readonly kind: 'hangup' }
  /** The knowledge-base passages the brain gave the model for this answer (retrieval before each answer): kept on the agent's turn. */
  | { readonly kind: 'sources'; readonly sources: readonly TurnSource[] }
  /**
   * The person asked not to be called again: their number goes on the suppression list and the
   * call is marked `optOut`. The call goes on (the agent says goodbye, then hangs up). `reason`:
   * what the agent gave as why; absent, the caller's last words are kept.
   */
  | { readonly kind: 'opt_out'; readonly reason?: string }
  /**
   * The caller gets no answer to this turn, and why (no webhook, a failing one, no model…);
   * an apology said instead still goes as `say`. Told live to the call's listeners.
   */
  | { readonly kind: 'unanswered'; readonly reason: UnansweredReason };

/** Moments of one turn, for the latency figures (monotonic milliseconds). */
export interface TurnTiming {
  /** The caller's final words reached the engine. */
  receivedAt: number;
  /** The brain sent its request (webhook POST, model call). */
  requestedAt: number | null;
  /** The first piece of the answer arrived. */
  firstChunkAt: number | null;
  /** The first words left for the carrier. */
  firstSpokenAt: number | null;
}

/** One caller turn put to the brain. */
export interface BrainTurn {
  readonly call: Call;
  /** Null once the agent is deleted. */
  readonly agent: Agent | null;
  /** Where the call's events go (the agent's webhook, else the account default), if anywhere. */
  readonly webhook: Webhook | null;
  readonly utterance: string;
  readonly confidence: number | null;
  /** A keypad press rather than speech. */
  readonly dtmf: string | null;
  /** Earlier turns of the call, oldest first. */
  readonly history: readonly TranscriptTurn[];
  readonly timing: TurnTiming;
  /** Sequence of the caller's turn (`whd` deliveries name the call, turns have no id on the wire). */
  readonly turnSequence: number;
  /** The turn's span: the brain's request or model stream is its child. Absent: not traced. */
  readonly span?: TraceSpan;
}

/**
 * Takes the agent's next action; false once the session no longer listens (an action ended the
 * call, or the answer was cancelled): the brain should stop.
 */
export type ActionTaker = (action: AgentAction) => boolean;

/**
 * Who answers the caller: the customer's webhook, or the hosted language model. Each action
 * is handed to `act` as it comes, in order; the promise settles once the answer is over, and
 * leaves no listener on `signal` (the session hands it to its next answer). An aborted `signal`
 * (barge-in, hang-up) must end it soon; late actions are dropped.
 *
 * Pushed rather than pulled (an async iterable): a hosted answer hands over an action a token,
 * and each pulling layer cost a promise and an iterator step a token.
 */
export interface AgentBrain {
  answer(turn: BrainTurn, signal: AbortSignal, act: ActionTaker): Promise<void>;
  /** The call rings and will be answered by this brain: get ready (a connection to where its answers come from). */
  warmUp?(read: AnswerRead): void;
}

/** Picks the brain of a call by the voice mode it started with. */
export interface BrainSelector {
  brainFor(call: Call): AgentBrain;
}

export const brainsByMode = (brains: { readonly webhook: AgentBrain; readonly hosted: AgentBrain }): BrainSelector => ({
  brainFor: (call) => (call.voiceMode === 'hosted' ? brains.hosted : brains.webhook),
});
