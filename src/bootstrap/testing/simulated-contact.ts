import * as E from 'fp-ts/lib/Either.js';
import type { ContactRecord, StagedContact } from '../../application/ports/scenario-stage.js';
import type { SimulatedCall } from '../../adapters/simulated/simulated-call.js';
import type { SimulatedCalls } from '../../adapters/simulated/simulated-calls.js';
import type { SimulatedTelephony } from '../../adapters/simulated/simulated-telephony.js';
import type { SimulatedTime } from '../../adapters/simulated/simulated-time.js';
import type { StageSwitchboard } from './stage-switchboard.js';
import type { E164 } from '../../domain/e164.js';

export interface ContactParts {
  readonly switchboard: StageSwitchboard;
  readonly simulated: SimulatedCalls;
  readonly telephony: SimulatedTelephony;
  readonly time: SimulatedTime;
  readonly projectId: string;
  /** The agent's number, and the caller's. */
  readonly number: E164;
  readonly caller: E164;
  readonly stepTimeoutMs: number;
}

/** Resolves with `work`, or false once `ms` pass first. */
const within = async (work: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
};

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

/** A contact on the simulated carrier, played from the caller's side (see {@link StagedContact}). */
export class SimulatedContact implements StagedContact {
  private readonly notes: string[] = [];
  private readonly texts: { direction: 'inbound' | 'outbound'; body: string }[] = [];
  /** Where in the agent's actions (or the carrier's outbox) the caller's last step began. */
  private mark = 0;
  private outboxMark: number;
  private callerHungUp = false;
  private step = 0;

  constructor(
    private readonly parts: ContactParts,
    /** Null for a text contact. */
    private readonly call: SimulatedCall | null,
    private readonly providerCallId: string | null,
  ) {
    this.outboxMark = parts.telephony.outbox.length;
  }

  /** A warm transfer ends the agent's session but not the call: only a hang-up or a cold transfer ends it. */
  get ended(): boolean {
    return this.callerHungUp || this.call?.endedBy === 'transfer' || this.call?.endedBy === 'hangup';
  }

  private session() {
    return this.call ? this.parts.switchboard.voice().engine.find(this.call.callId) : undefined;
  }

  private begin(what: string): boolean {
    this.step += 1;
    this.mark = this.call?.events.length ?? 0;
    this.outboxMark = this.parts.telephony.outbox.length;
    if (this.call && this.ended) {
      this.notes.push(`step ${this.step} (${what}) was not played: the call was over`);
      return false;
    }
    return true;
  }

  /**
   * Waits for the agent's answer in flight. Its turns are stored behind the call, as on a real
   * one: nothing the scenario can observe reads them before {@link finish}, which waits for them,
   * and a write a turn was most of a scenario's statements on the embedded store.
   */
  private async settle(what: string): Promise<void> {
    const session = this.session();
    const answered = session ? session.untilAnswered() : Promise.resolve();
    if (!(await within(answered, this.parts.stepTimeoutMs))) this.notes.push(`step ${this.step} (${what}): the agent did not answer within ${this.parts.stepTimeoutMs / 1000} s`);
  }

  private acted(what: string, done: E.Either<{ readonly _tag: string }, unknown>): boolean {
    if (E.isLeft(done)) this.notes.push(`step ${this.step} (${what}): ${'message' in done.left ? String(done.left.message) : done.left._tag}`);
    return E.isRight(done);
  }

  async say(text: string, wait = true): Promise<void> {
    if (!this.begin(`say "${text}"`)) return;
    if (this.acted('say', this.parts.simulated.sayAsCaller(this.call!.callId, text)) && wait) await this.settle(`say "${text}"`);
  }

  async press(digits: string): Promise<void> {
    if (!this.begin(`press ${digits}`)) return;
    for (const digit of digits) {
      if (!this.acted('press', this.parts.simulated.pressDigit(this.call!.callId, digit))) return;
      await this.settle(`press ${digit}`);
    }
  }

  async interrupt(afterWords: number, text: string): Promise<void> {
    const call = this.call!;
    const from = this.mark;
    const spoken = () => words(call.events.slice(from).flatMap((e) => (e.type === 'text' ? [e.token] : [])).join(''));
    const session = this.session();
    await within(Promise.race([call.until(() => spoken().length >= afterWords, this.parts.stepTimeoutMs).catch(() => undefined), session ? session.untilAnswered() : Promise.resolve()]), this.parts.stepTimeoutMs);
    const heard = spoken().slice(0, afterWords).join(' ');
    if (!this.begin(`interrupt "${text}"`)) return;
    this.acted('interrupt', this.parts.simulated.interrupt(call.callId, heard));
    await this.say(text);
  }

  async silence(seconds: number): Promise<void> {
    if (!this.begin(`silence ${seconds} s`)) return;
    this.parts.time.skip(seconds * 1000);
    await this.settle(`silence ${seconds} s`);
  }

  async hangUp(): Promise<void> {
    if (!this.begin('hang up')) return;
    // What the writer's window holds goes now: the call's end would wait the window out for it.
    await this.parts.switchboard.voice().engine.stored();
    this.callerHungUp = true;
    this.acted('hang up', await this.parts.simulated.hangUp(this.call!.callId));
  }

  async machine(_greeting: string, _beep: boolean): Promise<void> {
    // Detection's verdict was given when the call was answered: the agent's voicemail (or hang-up) follows it.
    this.begin('machine');
    await within(this.call!.finished, this.parts.stepTimeoutMs);
  }

  async transfer(answer: boolean): Promise<void> {
    this.step += 1;
    const callId = this.call!.callId;
    const done = answer ? await this.parts.simulated.answerTransfer(callId) : await this.parts.simulated.failTransfer(callId);
    if (this.acted(answer ? 'answer the transfer' : 'refuse the transfer', done) && answer) this.callerHungUp = true;
    if (!answer) await this.settle('refuse the transfer');
  }

  async text(body: string): Promise<void> {
    this.begin(`text "${body}"`);
    this.texts.push({ direction: 'inbound', body });
    const received = await this.parts.switchboard
      .useCases()
      .messages.receiveInboundSms.execute({ to: this.parts.number, from: this.parts.caller, body, mediaUrls: [], providerMessageId: null })();
    if (!this.acted('text', received)) return;
    await within(this.parts.switchboard.settled(), this.parts.stepTimeoutMs);
    for (const sent of this.parts.telephony.outbox.slice(this.outboxMark)) {
      if (sent.to === this.parts.caller) this.texts.push({ direction: 'outbound', body: sent.body });
    }
  }

  agentSaidSinceLastStep(): string {
    if (!this.call) return this.parts.telephony.outbox.slice(this.outboxMark).map((sent) => sent.body).join(' ');
    return this.call.events.slice(this.mark).flatMap((e) => (e.type === 'text' ? [e.token] : [])).join('').trim();
  }

  async finish(): Promise<ContactRecord> {
    const call = this.call;
    if (call && !this.ended) {
      await this.parts.switchboard.voice().engine.stored();
      this.callerHungUp = true;
      await this.parts.simulated.hangUp(call.callId);
    }
    if (call) await within(call.finished, this.parts.stepTimeoutMs);
    await this.parts.switchboard.voice().engine.stored();
    const base = { texts: this.texts, notes: this.notes, digitsSent: call?.digits ?? [], transfers: call ? call.events.flatMap((e) => (e.type === 'transfer' ? [{ to: e.to, mode: e.mode ?? ('cold' as const) }] : [])) : [] };
    if (!call) return { ...base, callId: null, transcript: [], status: null, disconnectionReason: null, durationSeconds: null, voicemail: null, analysis: null };
    const details = await this.readCall(call.callId);
    return {
      ...base,
      callId: call.callId,
      transcript: details?.transcript ?? [],
      status: details?.call.status ?? null,
      disconnectionReason: details?.call.disconnectionReason ?? null,
      durationSeconds: details?.call.durationSeconds ?? null,
      voicemail: this.providerCallId ? (this.parts.telephony.closingWords.get(this.providerCallId) ?? null) : null,
      analysis: details?.analysis?.result ? { ...details.analysis.result, ...(details.analysis.result.extracted ?? {}) } : null,
    };
  }

  /** The call as stored, once a pending analysis is done (it runs after the call, off its path). */
  private async readCall(callId: string) {
    const deadline = Date.now() + this.parts.stepTimeoutMs;
    for (;;) {
      const read = await this.parts.switchboard.useCases().calls.getCall.execute({ projectId: this.parts.projectId, callId })();
      if (E.isLeft(read)) return null;
      if (read.right.analysis?.status !== 'pending' || Date.now() > deadline) return read.right;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
