import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../application/errors.js';
import { conflict, notFound, type RateLimited } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';
import { TRANSFER_RETURN_LINE } from '../../domain/call-behaviour.js';
import type { VoiceSession } from '../../application/voice/voice-session.js';
import type { VoiceSessionEngine } from '../../application/voice/voice-session-engine.js';
import type { CallUseCases } from '../../application/use-cases/call-use-cases.js';
import type { AnsweredBy, Call } from '../../domain/call.js';
import type { SimulatedTelephony } from './simulated-telephony.js';
import { SimulatedCall, SimulatedGateway, type AgentEvent } from './simulated-call.js';

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

  /** What the carrier saw the agent do on a call: keys pressed, transfers, the voicemail it left. */
  actionsOn(callId: string, providerCallId: string | null) {
    const call = this.calls.get(callId);
    if (!call) return null;
    return {
      digitsSent: call.digits,
      transfers: call.events.flatMap((e) => (e.type === 'transfer' ? [{ to: e.to, mode: e.mode ?? ('cold' as const) }] : [])),
      voicemail: providerCallId === null ? null : (this.deps.telephony.closingWords.get(providerCallId) ?? null),
    };
  }

  /** Resolves once the agent has answered the caller's last words or keys and its turns are stored. */
  async answered(callId: string): Promise<void> {
    await this.deps.engine.find(callId)?.untilAnswered();
    await this.deps.engine.stored();
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
