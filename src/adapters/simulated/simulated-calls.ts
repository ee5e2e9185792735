import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../application/errors.js';
import { conflict, notFound, type RateLimited } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';
import type { Farewell, VoiceGateway, WarmTransfer } from '../../application/ports/voice-gateway.js';
import { TRANSFER_HOLD_LINE, TRANSFER_RETURN_LINE } from '../../domain/call-behaviour.js';
import type { VoiceSession } from '../../application/voice/voice-session.js';
import type { VoiceSessionEngine } from '../../application/voice/voice-session-engine.js';
import type { CallUseCases } from '../../application/use-cases/call-use-cases.js';
import type { AnsweredBy, Call, DisconnectionReason } from '../../domain/call.js';
import type { SimulatedTelephony } from './simulated-telephony.js';

/** What the agent did on a simulated call, in order. */
export type AgentEvent =
  | { readonly type: 'text'; readonly token: string; readonly last: boolean }
  | { readonly type: 'sendDigits'; readonly digits: string }
  | { readonly type: 'transfer'; readonly to: string; readonly mode?: 'warm'; readonly summary?: string }
  | { readonly type: 'hangup' };

/** A call on the simulated carrier, as its caller experiences it. */
export class SimulatedCall {
  /** Every action of the agent, oldest first. */
  readonly events: AgentEvent[] = [];
  /** How the agent's session ended, when the agent ended it. */
  endedBy: 'transfer' | 'hangup' | 'disconnect' | null = null;
  /** Settles when the carrier has reported the end (transfer, agent hang-up). */
  finished: Promise<unknown> = Promise.resolve();
  private readonly waiters = new Set<() => void>();

  constructor(readonly callId: string) {}

  /** The agent's words, one entry per talk cycle (closed by `last`). */
  utterances(): string[] {
    const said: string[] = [];
    let current = '';
    for (const event of this.events) {
      if (event.type !== 'text') continue;
      current += event.token;
      if (event.last) {
        said.push(current);
        current = '';
      }
    }
    if (current !== '') said.push(current);
    return said;
  }

  get digits(): string[] {
    return this.events.flatMap((e) => (e.type === 'sendDigits' ? [e.digits] : []));
  }

  get transfers(): string[] {
    return this.events.flatMap((e) => (e.type === 'transfer' ? [e.to] : []));
  }

  /** Resolves once `done()` holds (checked after every agent action); rejects after `timeoutMs`. */
  until(done: (call: SimulatedCall) => boolean, timeoutMs = 5000): Promise<void> {
    if (done(this)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done(this)) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`simulated call ${this.callId}: condition not met within ${timeoutMs} ms; agent did ${JSON.stringify(this.events)}`));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  record(event: AgentEvent): void {
    this.events.push(event);
    for (const waiter of [...this.waiters]) waiter();
  }
}

/**
 * The agent side of a simulated line: records every action on the {@link SimulatedCall},
 * passes it on to `forward` (a browser's socket), and reports transfers and hang-ups to the
 * core as a carrier would.
 */
export class SimulatedGateway implements VoiceGateway {
  constructor(
    private readonly call: SimulatedCall,
    private readonly onEnd: (reason: DisconnectionReason) => Promise<unknown>,
    private readonly forward?: (event: AgentEvent) => void,
    private readonly onWarmTransfer?: (to: string, warm: WarmTransfer) => void,
  ) {}

  speak(text: string, last: boolean): void {
    this.emit({ type: 'text', token: text, last });
  }

  pressDigits(digits: string): void {
    this.emit({ type: 'sendDigits', digits });
  }

  transfer(to: string, warm?: WarmTransfer): void {
    if (warm && this.onWarmTransfer) {
      // The caller holds (the carrier says so) while the human is rung; the call goes on.
      this.emit({ type: 'transfer', to, mode: 'warm', summary: warm.summary });
      this.emit({ type: 'text', token: TRANSFER_HOLD_LINE, last: true });
      this.onWarmTransfer(to, warm);
      return;
    }
    this.call.endedBy = 'transfer';
    this.emit({ type: 'transfer', to });
    this.call.finished = this.onEnd('transfer');
  }

  hangUp(farewell?: Farewell): void {
    this.call.endedBy = 'hangup';
    // The carrier says the farewell as the line closes, as ConversationRelay's hand-off does.
    if (farewell?.say) this.emit({ type: 'text', token: farewell.say, last: true });
    this.emit({ type: 'hangup' });
    this.call.finished = this.onEnd(farewell?.reason ?? 'agent_hangup');
  }

  disconnect(): void {
    this.call.endedBy ??= 'disconnect';
  }

  private emit(event: AgentEvent): void {
    this.call.record(event);
    this.forward?.(event);
  }
}

export interface SimulatedCallsDeps {
  readonly engine: VoiceSessionEngine;
  readonly calls: Pick<CallUseCases, 'answerInboundCall' | 'finishCall' | 'recordAnsweredBy' | 'recordWarmTransfer'>;
  readonly telephony: SimulatedTelephony;
  readonly logger: Logger;
}

/**
 * Live calls on the simulated carrier, driven by tests, the admin console or the browser
 * page: the same voice engine as on Twilio, with the caller played by whoever calls
 * {@link sayAsCaller} and friends.
 */
export class SimulatedCalls {
  private readonly calls = new Map<string, SimulatedCall>();
  /** Ends being recorded right now: close() waits for them before storage goes away. */
  private readonly finishing = new Set<Promise<unknown>>();
  /** Warm transfers ringing a human, by call id. */
  private readonly ringing = new Map<string, { readonly to: string; readonly summary: string; readonly started: Promise<unknown> }>();
  private resumes = 0;
  private sequence = 0;

  constructor(private readonly deps: SimulatedCallsDeps) {}

  /** StartSimulatedInboundCall: someone dials one of our numbers and the agent answers. */
  async startInbound(input: { readonly from: string; readonly to: string }): Promise<E.Either<AppError, SimulatedCall>> {
    const answered = await this.deps.calls.answerInboundCall.execute({
      from: input.from,
      to: input.to,
      providerCallId: `CASIMIN${String(++this.sequence).padStart(8, '0')}${Date.now()}`,
      webCallId: null,
    })();
    if (E.isLeft(answered)) return answered;
    if (answered.right.busy) {
      const busy: RateLimited = { _tag: 'RateLimited', limit: 0, windowSeconds: 0, retryAfterSeconds: 30, scope: 'calls in progress' };
      return E.left(busy);
    }
    return this.connect(answered.right.call);
  }

  /**
   * The recipient of an outbound call placed on the simulated carrier picks up: the agent's
   * session connects at once, and, when the call asked for answering-machine detection, the
   * verdict follows as Twilio's asynchronous detection sends it (`answeredBy`, default `human`).
   * A machine then gets the agent's voicemail message (see `telephony.closingWords`) or a hang-up.
   */
  async answerOutbound(callId: string, answeredBy: AnsweredBy = 'human'): Promise<E.Either<AppError, SimulatedCall>> {
    const placed = this.deps.telephony.placedCalls.find((c) => c.callId === callId);
    if (!placed) return E.left(notFound('call', callId));
    const connected = await this.connect({ id: callId } as Call);
    if (E.isLeft(connected)) return connected;
    const verdict = placed.machineDetection ? answeredBy : null;
    await this.track(this.deps.calls.recordAnsweredBy.execute({ callId, answeredBy: verdict })());
    return connected;
  }

  /**
   * Opens the agent's session on a call and records its actions; `forward` also receives them
   * (the web-call socket). The greeting is "spoken by the carrier", as ConversationRelay does.
   */
  async connect(call: Pick<Call, 'id'>, forward?: (event: AgentEvent) => void): Promise<E.Either<AppError, SimulatedCall>> {
    const record = new SimulatedCall(call.id);
    const gateway = this.gatewayFor(record, forward);
    const opened = await this.deps.engine.open(call.id, gateway);
    if (E.isLeft(opened)) {
      return E.left(opened.left._tag === 'MediaTaken' ? conflict(`call ${call.id} is already connected`) : opened.left);
    }
    const greeting = opened.right.context.call.greeting;
    if (greeting.trim() !== '') gateway.speak(greeting, true);
    this.calls.set(call.id, record);
    return E.right(record);
  }

  /**
   * The human of a warm transfer picks up: hears the summary (returned), and is put through;
   * the call ends for the agent as a transfer.
   */
  async answerTransfer(callId: string): Promise<E.Either<AppError, string>> {
    const ringing = this.ringing.get(callId);
    if (!ringing) return E.left(notFound('warm transfer of call', callId));
    this.ringing.delete(callId);
    await ringing.started;
    const bridged = await this.track(this.deps.calls.recordWarmTransfer.execute({ callId, stage: 'bridged', transferTo: ringing.to, summary: ringing.summary })());
    if (E.isLeft(bridged)) return bridged;
    this.calls.get(callId)?.record({ type: 'hangup' });
    return E.right(ringing.summary);
  }

  /** Nobody takes the warm transfer (`no-answer`, `busy` …): the caller is back with the agent, in a new session. */
  async failTransfer(callId: string, reason = 'no-answer'): Promise<E.Either<AppError, SimulatedCall>> {
    const ringing = this.ringing.get(callId);
    const record = this.calls.get(callId);
    if (!ringing || !record) return E.left(notFound('warm transfer of call', callId));
    this.ringing.delete(callId);
    await ringing.started;
    const failed = await this.track(
      this.deps.calls.recordWarmTransfer.execute({ callId, stage: 'failed', transferTo: ringing.to, summary: ringing.summary, failureReason: reason })(),
    );
    if (E.isLeft(failed)) return failed;
    const gateway = this.gatewayFor(record);
    const reopened = await this.deps.engine.open(callId, gateway, { attempt: ++this.resumes, said: TRANSFER_RETURN_LINE });
    if (E.isLeft(reopened)) return E.left(reopened.left._tag === 'MediaTaken' ? conflict(`call ${callId} is already connected`) : reopened.left);
    gateway.speak(TRANSFER_RETURN_LINE, true);
    return E.right(record);
  }

  private gatewayFor(record: SimulatedCall, forward?: (event: AgentEvent) => void): SimulatedGateway {
    const callId = record.callId;
    return new SimulatedGateway(
      record,
      (reason) => this.track(this.deps.calls.finishCall.execute({ callId, outcome: 'completed', reason })()),
      forward,
      (to, warm) => {
        const started = this.track(this.deps.calls.recordWarmTransfer.execute({ callId, stage: 'started', transferTo: to, summary: warm.summary })());
        this.ringing.set(callId, { to, summary: warm.summary, started });
      },
    );
  }

  call(callId: string): SimulatedCall | undefined {
    return this.calls.get(callId);
  }

  /** SayAsCaller: the caller's final words of one utterance. */
  sayAsCaller(callId: string, text: string): E.Either<AppError, void> {
    return this.withSession(callId, (session) => session.callerSaid(text));
  }

  /**
   * SayAsCaller for clients that read the transcript back at once (the admin console, the
   * playground): resolves once the caller's turn is stored, so a read that follows has it.
   */
  async sayAndStore(callId: string, text: string): Promise<E.Either<AppError, void>> {
    const said = this.sayAsCaller(callId, text);
    if (E.isRight(said)) await this.deps.engine.stored();
    return said;
  }

  /** The caller talks over the agent, who had said `heard` by then. */
  interrupt(callId: string, heard: string): E.Either<AppError, void> {
    return this.withSession(callId, (session) => session.callerInterrupted(heard));
  }

  pressDigit(callId: string, digit: string): E.Either<AppError, void> {
    return this.withSession(callId, (session) => session.callerPressed(digit));
  }

  /** HangUpSimulatedCall: the caller hangs up; the call completes. */
  async hangUp(callId: string): Promise<E.Either<AppError, Call>> {
    this.deps.engine.find(callId)?.callerHungUp();
    return this.track(this.deps.calls.finishCall.execute({ callId, outcome: 'completed', reason: 'caller_hangup' })());
  }

  /** Waits for the ends being recorded. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.finishing]);
  }

  private track<A>(work: Promise<A>): Promise<A> {
    this.finishing.add(work);
    const done = () => this.finishing.delete(work);
    work.then(done, done);
    return work;
  }

  private withSession(callId: string, act: (session: VoiceSession) => void): E.Either<AppError, void> {
    const session = this.deps.engine.find(callId);
    if (!session) return E.left(notFound('call', callId));
    act(session);
    return E.right(undefined);
  }
}
