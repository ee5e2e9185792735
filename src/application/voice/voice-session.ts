import type { Agent } from '../../domain/agent.js';
import { behaviourOf, DURATION_FAREWELL, SILENCE_FAREWELL } from '../../domain/call-behaviour.js';
import { truncateTurn, type Call, type DisconnectionReason, type ToolTurnDetail, type TranscriptTurn, type TurnRole } from '../../domain/call.js';
import type { Webhook } from '../../domain/webhook.js';
import type { UnansweredReason } from '../events/unanswered-turn.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { Timers } from '../ports/timers.js';
import type { VoiceGateway } from '../ports/voice-gateway.js';
import type { AgentAction, AgentBrain, TurnTiming } from '../ports/agent-brain.js';
import type { CallRecordWriter } from './call-record-writer.js';
import { CallWatch } from './call-watch.js';
import { lazyChildLogger } from '../kernel/lazy-child-logger.js';

/** What a session knows of its call; the webhook is refreshed now and then, off the hot path. */
export interface SessionContext {
  readonly call: Call;
  readonly agent: Agent | null;
  webhook: Webhook | null;
}

export interface VoiceSessionDeps {
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  readonly writer: CallRecordWriter;
  readonly brain: AgentBrain;
  /** Hears the timing of every answered turn (the latency figures). */
  readonly observer?: (callId: string, timing: TurnTiming) => void;
  /** The session is over (hung up, transferred, terminated). */
  readonly onEnded: (session: VoiceSession) => void;
  /** Asks for a fresh look at the call's webhook; the answer lands in the context later. */
  readonly refreshWebhook: (context: SessionContext) => void;
  /** Runs the agent's silence and duration limits; absent: no limits (embedders' tests). */
  readonly timers?: Timers;
}

/** The answer in flight: what was spoken of it so far, and how to cancel it. */
interface Answer {
  readonly controller: AbortController;
  readonly timing: TurnTiming;
  /**
   * What was spoken of it so far: the pieces handed to the carrier (none empty), joined once
   * when the answer ends. Added up piece by piece instead, the stored turn was a tree of a string
   * per token that every collection of the young generation copied.
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
}

const SENTENCE_END = /[.!?,;:…]$/;

/**
 * One live call's turn taking, with no carrier in sight: caller events come in through the
 * `caller…` methods, the agent acts through the {@link VoiceGateway}. Each caller turn is
 * stored and published (behind the loop, by the writer) while the brain is already asked;
 * the answer is spoken as it arrives. Barge-in cancels the answer in flight and keeps, as the
 * agent's turn, only what the caller heard.
 */
export class VoiceSession {
  private nextSequence: number;
  private readonly turns: TranscriptTurn[];
  private answer: Answer | null = null;
  /** The agent's last finished turn, which a late barge-in may still truncate. */
  private lastAgentTurn: TranscriptTurn | null = null;
  private ended = false;
  private readonly log: Logger;
  /** Why the session ended, when the agent ended it. */
  endReason: DisconnectionReason | null = null;
  /** The session handed the caller to a human with a warm transfer: if nobody takes it, the call goes on in a new session. */
  private handedOver = false;
  private readonly watch: CallWatch | null;
  /**
   * Handed to each answer in turn until one is cancelled: an answer that ended by itself leaves
   * no listener on it (the brain's contract), and an AbortController (an event target with a
   * map of its own) a turn was CPU and garbage on every answer.
   */
  private controller: AbortController | null = null;

  constructor(
    readonly context: SessionContext,
    stored: readonly TranscriptTurn[],
    private readonly gateway: VoiceGateway,
    private readonly deps: VoiceSessionDeps,
  ) {
    this.turns = [...stored];
    this.nextSequence = (stored.at(-1)?.sequence ?? 0) + 1;
    // Made on first use: most calls never log, and a pino child serialises its bindings when made.
    this.log = lazyChildLogger(deps.logger, { callId: context.call.id });
    this.watch = deps.timers
      ? new CallWatch(behaviourOf(context.agent), deps.timers, {
          reprompt: (text) => this.reprompt(text),
          silenceTimeout: () => this.endPolitely('silence_timeout', SILENCE_FAREWELL),
          maxDuration: () => this.endPolitely('max_duration', DURATION_FAREWELL),
        }, deps.clock.now().getTime() - context.call.startedAt.getTime())
      : null;
  }

  get callId(): string {
    return this.context.call.id;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Ended with a warm transfer: the call may come back to the agent, so this session's turns may not be its last. */
  get mayResume(): boolean {
    return this.handedOver;
  }

  /** Every turn so far, oldest first. */
  transcript(): readonly TranscriptTurn[] {
    return this.turns;
  }

  /** The carrier speaks the greeting on answer; the transcript keeps it as the agent's first turn. */
  recordGreeting(): void {
    if (this.context.call.greeting.trim() !== '' && this.turns.length === 0) {
      this.addTurn('agent', this.context.call.greeting);
      this.watch?.agentFinished(this.context.call.greeting);
    }
  }

  /**
   * The caller is back after a warm transfer nobody took: the carrier says `said` on
   * reconnecting; it joins the transcript, so a hosted agent's model reads what happened.
   */
  recordReturn(said: string): void {
    this.addTurn('agent', said);
    this.watch?.agentFinished(said);
  }

  /** The carrier reports the agent's audio finished playing. */
  agentStoppedSpeaking(): void {
    this.watch?.agentStoppedSpeaking();
  }

  /** The carrier hears the caller start talking (before any transcript): not silence. */
  callerStartedSpeaking(): void {
    if (!this.ended) this.watch?.activity();
  }

  /**
   * The caller's final words of one utterance. `receivedAt` (monotonic ms): when the carrier's
   * frame arrived, if the adapter stamped it; else now.
   */
  callerSaid(text: string, confidence: number | null = null, receivedAt = this.deps.now()): void {
    if (this.ended || text.trim() === '') return;
    this.watch?.activity();
    this.closeAnswer(true);
    const turn = this.addTurn('user', text);
    this.ask(turn, text, confidence, null, receivedAt);
  }

  /** A keypad press of the caller: a turn of its own, put to the brain like speech. */
  callerPressed(digit: string): void {
    const receivedAt = this.deps.now();
    if (this.ended) return;
    this.watch?.activity();
    this.closeAnswer(true);
    const turn = this.addTurn('user', `[pressed ${digit}]`);
    this.ask(turn, digit, null, digit, receivedAt);
  }

  /** Barge-in: the caller spoke over the agent, who had said `heard` by then. */
  callerInterrupted(heard: string): void {
    if (this.ended) return;
    this.watch?.activity();
    if (this.answer) {
      this.closeAnswer(true, heard);
      return;
    }
    const last = this.lastAgentTurn;
    if (last && !last.interrupted && this.turns.at(-1)?.id === last.id) {
      // The answer had arrived in full, but the caller cut its playback short.
      const truncated = truncateTurn(last, heard);
      this.turns[this.turns.length - 1] = truncated;
      this.lastAgentTurn = truncated;
      this.deps.writer.writeTurn(truncated, false);
    }
  }

  /** The caller's leg is gone (hang-up, socket closed). */
  callerHungUp(): void {
    if (this.ended) return;
    this.closeAnswer(true);
    this.end(null);
  }

  /** Our side ends the call (the API, an operator). */
  hangUp(reason: DisconnectionReason): void {
    if (this.ended) return;
    this.closeAnswer(true);
    this.end(reason);
    this.gateway.hangUp();
  }

  /** The call is over elsewhere (a carrier callback): stop, and tell the carrier if it still listens. */
  terminate(): void {
    if (this.ended) return;
    this.closeAnswer(true);
    this.end(null);
    this.gateway.disconnect();
  }

  /** The caller has been quiet a while: one of the agent's idle messages, as a turn of its own. */
  private reprompt(text: string): void {
    if (this.ended || this.answer) return;
    this.gateway.speak(text, true);
    this.addTurn('agent', text);
  }

  /** A limit was reached: say why, and hang up with that reason. */
  endPolitely(reason: DisconnectionReason, say: string): void {
    if (this.ended) return;
    this.closeAnswer(true);
    this.addTurn('agent', say);
    this.end(reason);
    this.gateway.hangUp({ reason, say });
  }

  private ask(turn: TranscriptTurn, utterance: string, confidence: number | null, dtmf: string | null, receivedAt: number): void {
    if (!this.controller || this.controller.signal.aborted) this.controller = new AbortController();
    const answer: Answer = {
      controller: this.controller,
      timing: { receivedAt, requestedAt: null, firstChunkAt: null, firstSpokenAt: null },
      spoken: [],
      lastWasInterim: false,
      error: null,
      unanswered: null,
      acted: false,
      turnSequence: turn.sequence,
    };
    this.answer = answer;
    const { call, agent, webhook } = this.context;
    // Actions are taken as the brain hands them over, while this answer is still the one in
    // flight; a cancelled or closed answer's late actions are dropped.
    const act = (action: AgentAction): boolean => {
      if (this.answer !== answer) return false;
      this.perform(answer, action);
      return this.answer === answer;
    };
    let answering: Promise<void>;
    try {
      answering = this.deps.brain.answer(
        { call, agent, webhook, utterance, confidence, dtmf, history: this.turns.slice(0, -1), timing: answer.timing, turnSequence: turn.sequence },
        answer.controller.signal,
        act,
      );
    } catch (error) {
      // A brain that throws before it returns fails this answer like one that rejects.
      answering = Promise.reject(error);
    }
    answering.then(
      () => this.answered(answer, null),
      (error: unknown) => this.answered(answer, { error }),
    );
    this.deps.refreshWebhook(this.context);
  }

  /** The brain is done with an answer: still the one in flight, it closes. */
  private answered(answer: Answer, failure: { readonly error: unknown } | null): void {
    if (this.answer !== answer) return;
    if (failure) this.log.error({ err: String(failure.error) }, 'the agent could not answer');
    this.closeAnswer(false);
  }

  private perform(answer: Answer, action: AgentAction): void {
    if (action.kind !== 'say' && action.kind !== 'unanswered') answer.acted = true;
    switch (action.kind) {
      case 'say': {
        const last = answer.spoken.at(-1);
        const joiner = !action.verbatim && last !== undefined && !/\s$/.test(last) && !/^\s/.test(action.text) && (answer.lastWasInterim || SENTENCE_END.test(last)) ? ' ' : '';
        const token = joiner + action.text;
        this.gateway.speak(token, false);
        if (answer.timing.firstSpokenAt === null) answer.timing.firstSpokenAt = this.deps.now();
        if (token !== '') answer.spoken.push(token);
        answer.lastWasInterim = action.interim;
        if (action.error !== undefined) answer.error ??= action.error;
        return;
      }
      case 'digits':
        this.gateway.pressDigits(action.digits);
        return;
      case 'tool': {
        const tool = { toolCallId: action.toolCallId, name: action.name };
        this.addTurn('tool_call', `${action.name} ${JSON.stringify(action.arguments)}`, false, null, { ...tool, arguments: action.arguments });
        // Not tied to the answer: a barge-in cancels the answer, never the record of what the tool said.
        void action.result.then(
          (result) => this.addTurn('tool_result', result.content, false, null, { ...tool, outcome: result.outcome, httpStatus: result.httpStatus }),
          (error: unknown) => this.log.error({ tool: action.name, err: String(error) }, 'a custom tool failed unexpectedly'),
        );
        return;
      }
      case 'transfer': {
        if (action.mode === 'warm') {
          this.warmTransfer(action.to ?? this.context.agent?.transferNumber ?? null, action.summary ?? null);
          return;
        }
        const to = this.context.agent?.transferNumber ?? null;
        if (to === null) {
          this.log.warn(
            { agentId: this.context.call.agentId },
            'transfer refused: the agent has no transferNumber; set one on the agent to allow cold transfers',
          );
          return;
        }
        this.closeAnswer(false);
        this.end('transfer');
        this.gateway.transfer(to);
        return;
      }
      case 'hangup':
        this.closeAnswer(false);
        this.end('agent_hangup');
        this.gateway.hangUp();
        return;
      case 'unanswered':
        answer.unanswered ??= action.reason;
        return;
    }
  }

  /**
   * Hands the caller to a human, who is briefed first; the call stays live (the carrier holds
   * the caller), and only this session ends. Without a summary the human hears the last words.
   */
  private warmTransfer(to: string | null, summary: string | null): void {
    if (to === null) {
      this.log.warn({ agentId: this.context.call.agentId }, 'warm transfer refused: no number given and the agent has no transferNumber');
      return;
    }
    const briefing = summary?.trim() || `A caller from ${this.context.call.direction === 'inbound' ? this.context.call.fromNumber : this.context.call.toNumber} needs help.`;
    this.closeAnswer(false);
    this.handedOver = true;
    this.end(null);
    this.gateway.transfer(to, { summary: briefing, timeoutSeconds: behaviourOf(this.context.agent).transferTimeoutSeconds });
  }

  /**
   * Ends the answer in flight, if any: cancels it when `cancel` (its request is aborted and
   * late chunks dropped), closes the talk cycle, and stores what was said as the agent's turn:
   * when `heard` is given (barge-in), only that, marked interrupted.
   */
  private closeAnswer(cancel: boolean, heard?: string): void {
    const answer = this.answer;
    if (!answer) return;
    this.answer = null;
    const cut = cancel && !answer.controller.signal.aborted;
    if (cut) answer.controller.abort('cancelled');
    const spoken = answer.spoken.join('');
    if (spoken !== '' && heard === undefined && !this.ended) this.gateway.speak('', true);
    if (answer.timing.firstSpokenAt !== null) this.deps.observer?.(this.callId, answer.timing);
    const content = heard ?? spoken;
    // A finished answer starts the silence; a cancelled one was cut by the caller, who is now the one talking.
    if (!this.ended && !cancel) this.watch?.agentFinished(spoken);
    if (!cancel) this.announceIfUnanswered(answer, spoken);
    if (spoken === '' && !heard) return;
    const turn = this.addTurn('agent', content, heard !== undefined || (cut && spoken !== ''), answer.error);
    this.lastAgentTurn = turn;
  }

  /**
   * An answer over by itself that the brain said failed, or that said and did nothing: its
   * listeners hear why, before any apology's turn (so a client knows what that turn is).
   */
  private announceIfUnanswered(answer: Answer, spoken: string): void {
    const reason = answer.unanswered ?? (spoken === '' && !answer.acted ? ({ kind: 'empty_answer' } as const) : null);
    if (reason) this.deps.writer.announce({ type: 'unanswered', callId: this.callId, turnSequence: answer.turnSequence, reason });
  }

  private addTurn(role: TurnRole, content: string, interrupted = false, error: string | null = null, tool?: ToolTurnDetail): TranscriptTurn {
    const turn: TranscriptTurn = {
      id: this.deps.ids.next('turn'),
      callId: this.callId,
      role,
      content,
      createdAt: this.deps.clock.now(),
      interrupted,
      sequence: this.nextSequence++,
      ...(error !== null ? { error } : {}),
      ...(tool ? { tool } : {}),
    };
    this.turns.push(turn);
    this.deps.writer.writeTurn(turn);
    return turn;
  }

  private end(reason: DisconnectionReason | null): void {
    this.ended = true;
    this.watch?.stop();
    this.endReason = reason;
    this.deps.onEnded(this);
  }
}
