import { behaviourOf, DURATION_FAREWELL, SILENCE_FAREWELL } from '../../domain/call-behaviour.js';
import type { DisconnectionReason, TranscriptTurn } from '../../domain/call.js';
import type { Logger } from '../ports/logger.js';
import type { VoiceGateway } from '../ports/voice-gateway.js';
import type { AgentAction } from '../ports/agent-brain.js';
import { CallWatch } from './call-watch.js';
import { lazyChildLogger } from '../kernel/lazy-child-logger.js';
import type { SessionContext } from './session-context.js';
import { askBrain, endTurnSpan, latencyOf, newAnswer, unansweredReasonOf, type Answer } from './agent-answer.js';
import { performAction, type ActionSession } from './session-actions.js';
import { NO_TRACING, type TraceSpan } from '../ports/tracing.js';
import { endCallSpan, startCallSpan, startTurnSpan } from './session-trace.js';
import { SessionTranscript } from './session-transcript.js';
import type { VoiceSessionDeps } from './voice-session-deps.js';

export type { SessionContext } from './session-context.js';
export type { VoiceSessionDeps } from './voice-session-deps.js';

/**
 * One live call's turn taking, with no carrier in sight: caller events come in through the
 * `caller…` methods, the agent acts through the {@link VoiceGateway}. Each caller turn is
 * stored and published (behind the loop, by the writer) while the brain is already asked;
 * the answer is spoken as it arrives. Barge-in cancels the answer in flight and keeps, as the
 * agent's turn, only what the caller heard.
 */
export class VoiceSession {
  private readonly turns: SessionTranscript;
  private answer: Answer | null = null;
  private ended = false;
  private readonly log: Logger;
  /** Why the session ended, when the agent ended it. */
  endReason: DisconnectionReason | null = null;
  /** The call goes on in another session: a warm transfer nobody takes comes back, a stopping node hands it to another. */
  private handedOver = false;
  /** A stopping node is handing the call over: the caller's words are kept for the next session to answer. */
  private holding = false;
  private readonly watch: CallWatch | null;
  /**
   * Handed to each answer in turn until one is cancelled: an answer over by itself leaves no
   * listener on it (the brain's contract), so a call need not make one for every answer.
   */
  private controller: AbortController | null = null;
  /** The call's span (this session's part of the call), the parent of its turns'. */
  private readonly span: TraceSpan;
  /** What the agent's actions may do to this session. */
  private readonly actions: ActionSession;
  /** Those waiting for the answer in flight to be over (see {@link answered}). */
  private idle: (() => void)[] = [];

  constructor(
    readonly context: SessionContext,
    stored: readonly TranscriptTurn[],
    private readonly gateway: VoiceGateway,
    private readonly deps: VoiceSessionDeps<VoiceSession>,
  ) {
    this.turns = new SessionTranscript(context.call.id, stored, deps);
    // Made on first use: most calls never log, and a pino child serialises its bindings when made.
    this.log = lazyChildLogger(deps.logger, { callId: context.call.id });
    this.span = startCallSpan(deps.tracing ?? NO_TRACING, context.call, stored.length > 0);
    this.actions = {
      context,
      gateway,
      turns: this.turns,
      log: this.log,
      now: deps.now,
      optOuts: deps.optOuts,
      handoffs: deps.handoffs,
      closeAnswer: () => this.closeAnswer(false),
      end: (reason) => this.end(reason),
      handOver: () => {
        this.handedOver = true;
        this.end(null);
      },
    };
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

  /** Resolves once no answer is in flight (at once when none is): a scripted caller waits on it before its next step. */
  untilAnswered(): Promise<void> {
    if (!this.answer || this.ended) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private wakeIdle(): void {
    const waiting = this.idle;
    this.idle = [];
    // Their continuations run once this turn of the loop is over, after the answer is recorded.
    for (const resolve of waiting) resolve();
  }

  /** Every turn so far, oldest first. */
  transcript(): readonly TranscriptTurn[] {
    return this.turns.all();
  }

  /** The carrier speaks the greeting on answer; the transcript keeps it as the agent's first turn. */
  recordGreeting(): void {
    if (this.context.call.greeting.trim() !== '' && this.turns.all().length === 0) {
      this.turns.add('agent', this.context.call.greeting);
      this.watch?.agentFinished(this.context.call.greeting);
    }
  }

  /**
   * The caller is back after a warm transfer nobody took: the carrier says `said` on
   * reconnecting; it joins the transcript, so a hosted agent's model reads what happened.
   */
  recordReturn(said: string): void {
    this.turns.add('agent', said);
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
  callerSaid(text: string, confidence: number | null = null, receivedAt = this.deps.now(), language: string | null = null): void {
    if (this.ended || text.trim() === '') return;
    this.watch?.activity();
    this.closeAnswer(true);
    const turn = this.turns.add('user', text, false, null, undefined, undefined, language);
    if (!this.holding) this.ask(turn, text, confidence, null, receivedAt);
  }

  /** A keypad press of the caller: a turn of its own, put to the brain like speech. */
  callerPressed(digit: string): void {
    const receivedAt = this.deps.now();
    if (this.ended) return;
    this.watch?.activity();
    this.closeAnswer(true);
    const turn = this.turns.add('user', `[pressed ${digit}]`);
    if (!this.holding) this.ask(turn, digit, null, digit, receivedAt);
  }

  /** The call is being handed to another node: nothing more is answered here, what the caller says is kept. */
  holdForHandOver(): void {
    this.holding = true;
  }

  /** The hand-over could not be made: the call goes on here, the caller's words since answered. */
  resumeHere(): void {
    this.holding = false;
    this.answerPending();
  }

  /** Continuing a handed-over call: caller's words the previous session kept unanswered are answered now. */
  answerPending(): void {
    const last = this.turns.all().at(-1);
    if (this.ended || this.answer || last?.role !== 'user') return;
    const digit = /^\[pressed (.)\]$/.exec(last.content)?.[1] ?? null;
    this.ask(last, digit ?? last.content, null, digit, this.deps.now());
  }

  /** Barge-in: the caller spoke over the agent, who had said `heard` by then. */
  callerInterrupted(heard: string): void {
    if (this.ended) return;
    this.watch?.activity();
    if (this.answer) {
      this.closeAnswer(true, heard);
      return;
    }
    this.turns.cutLastAnswer(heard);
  }

  /** The caller's leg is gone (hang-up, socket closed). */
  callerHungUp(): void {
    if (this.ended) return;
    // A held call's socket closes as the carrier moves it to its next session.
    this.handedOver ||= this.holding;
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
    this.turns.add('agent', text);
  }

  /** A limit was reached: say why, and hang up with that reason. */
  endPolitely(reason: DisconnectionReason, say: string): void {
    if (this.ended) return;
    this.closeAnswer(true);
    this.turns.add('agent', say);
    this.end(reason);
    this.gateway.hangUp({ reason, say });
  }

  private ask(turn: TranscriptTurn, utterance: string, confidence: number | null, dtmf: string | null, receivedAt: number): void {
    if (!this.controller || this.controller.signal.aborted) this.controller = new AbortController();
    const span = startTurnSpan(this.span, turn.sequence, dtmf !== null);
    const answer = newAnswer(this.controller, receivedAt, turn.sequence, span);
    this.answer = answer;
    const { call, agent, webhook } = this.context;
    // Actions are taken as the brain hands them over, while this answer is still the one in
    // flight; a cancelled or closed answer's late actions are dropped.
    const act = (action: AgentAction): boolean => {
      if (this.answer !== answer) return false;
      performAction(this.actions, answer, action);
      return this.answer === answer;
    };
    const brainTurn = { call, agent, webhook, utterance, confidence, dtmf, history: this.turns.beforeLast(), timing: answer.timing, turnSequence: turn.sequence, span };
    askBrain(this.deps.brain, brainTurn, answer.controller.signal, act).then(
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

  /**
   * Ends the answer in flight, if any: cancels it when `cancel` (its request is aborted and
   * late chunks dropped), closes the talk cycle, and stores what was said as the agent's turn:
   * when `heard` is given (barge-in), only that, marked interrupted.
   */
  private closeAnswer(cancel: boolean, heard?: string): void {
    const answer = this.answer;
    if (!answer) return;
    this.answer = null;
    this.wakeIdle();
    const cut = cancel && !answer.controller.signal.aborted;
    if (cut) answer.controller.abort('cancelled');
    const spoken = answer.spoken.join('');
    if (spoken !== '' && heard === undefined && !this.ended) this.gateway.speak('', true);
    if (answer.timing.firstSpokenAt !== null) this.deps.observer?.(this.callId, answer.timing);
    const content = heard ?? spoken;
    // A finished answer starts the silence; a cancelled one was cut by the caller, who is now the one talking.
    if (!this.ended && !cancel) this.watch?.agentFinished(spoken);
    // An answer over by itself that the brain said failed, or that said and did nothing: its
    // listeners hear why, before any apology's turn (so a client knows what that turn is).
    const unanswered = cancel ? null : unansweredReasonOf(answer, spoken);
    if (unanswered) this.deps.writer.announce({ type: 'unanswered', callId: this.callId, turnSequence: answer.turnSequence, reason: unanswered });
    const latency = latencyOf(answer);
    endTurnSpan(answer, latency, cancel);
    if (spoken === '' && !heard) return;
    this.turns.addAnswer(content, heard !== undefined || (cut && spoken !== ''), answer.error, latency, answer.sources);
  }

  private end(reason: DisconnectionReason | null): void {
    this.ended = true;
    this.wakeIdle();
    this.watch?.stop();
    this.endReason = reason;
    endCallSpan(this.span, this.turns.all().length, reason, this.handedOver);
    this.deps.onEnded(this);
  }
}
