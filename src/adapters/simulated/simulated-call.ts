/**
 * One call on the simulated carrier: what its caller hears and sees of the agent
 * ({@link SimulatedCall}), and the gateway through which the agent's session acts on it.
 */
import type { Farewell, VoiceGateway, WarmTransfer } from '../../application/ports/voice-gateway.js';
import { TRANSFER_HOLD_LINE } from '../../domain/call-behaviour.js';
import type { DisconnectionReason } from '../../domain/call.js';

/** What the agent did on a simulated call, in order. */
export type AgentEvent =
  | { readonly type: 'text'; readonly token: string; readonly last: boolean }
  | { readonly type: 'sendDigits'; readonly digits: string }
  | { readonly type: 'language'; readonly ttsLanguage: string; readonly transcriptionLanguage: string }
  /** Another agent took the call: its voice from now on. */
  | { readonly type: 'voice'; readonly voice: string; readonly language: string }
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

  switchLanguage(language: string): void {
    this.emit({ type: 'language', ttsLanguage: language, transcriptionLanguage: language });
  }

  switchVoice(voice: string, language: string): void {
    this.emit({ type: 'voice', voice, language });
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
