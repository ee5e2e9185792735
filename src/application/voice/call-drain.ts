import * as E from 'fp-ts/lib/Either.js';
import { SHUTDOWN_FAREWELL } from '../../domain/call-behaviour.js';
import type { Clock } from '../ports/clock.js';
import type { CallRelocation, PeerNodes } from '../ports/call-relocation.js';
import type { Logger } from '../ports/logger.js';
import type { Telephony } from '../ports/telephony.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { VoiceSession } from './voice-session.js';
import type { VoiceSessionEngine } from './voice-session-engine.js';

export interface CallDrainDeps {
  readonly engine: Pick<VoiceSessionEngine, 'live' | 'untilEnded' | 'stored'>;
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How the carrier moves a call to another node; null: it cannot (the simulated carrier's calls live in this process). */
  readonly relocation: CallRelocation | null;
  /** Who else serves the public URL; null: nobody is asked, no call is handed over. */
  readonly peers: PeerNodes | null;
  readonly telephony: Pick<Telephony, 'endCall'>;
  /** Records the end of a call this node could not hand over (`node_shutdown`). */
  readonly recordShutdown: (callId: string) => Promise<unknown>;
  /** How long the calls that stay here are waited for before they are ended. */
  readonly timeoutMs: number;
}

/**
 * A node stopping without dropping its calls. From the first {@link drain} it says it is
 * draining (its health check fails, so the load balancer sends it nothing new); each live call
 * is handed over once its answer in flight is over: the carrier connects it to a new session on
 * a node that is up, which reads the turns this one stored and goes on. Calls that cannot be
 * handed over (no other node up, the carrier unreachable) are waited for up to the timeout, then
 * ended with a farewell and `node_shutdown` on the record; with no timeout, or on a carrier that
 * cannot move calls, they are ended at once.
 */
export class CallDrain {
  private running: Promise<void> | null = null;
  private readonly log: Logger;

  constructor(private readonly deps: CallDrainDeps) {
    this.log = deps.logger.child({ component: 'call-drain' });
  }

  get isDraining(): boolean {
    return this.running !== null;
  }

  /** Hands over or ends every live call of this node; the same promise to every caller. */
  drain(): Promise<void> {
    this.running ??= this.run();
    return this.running;
  }

  private async run(): Promise<void> {
    const deadline = performance.now() + this.deps.timeoutMs;
    const left = () => deadline - performance.now();
    // One number for this node's hand-overs, above any earlier one of the same calls.
    const attempt = Math.floor(this.deps.clock.now().getTime() / 1000);
    const tried = new Set<VoiceSession>();
    const untried = () => this.deps.engine.live().filter((session) => !tried.has(session));
    // Without a way to move calls (or time to), they are ended at once: none can outlive this process.
    const mayWait = this.deps.relocation !== null && this.deps.timeoutMs > 0;
    if (mayWait && untried().length > 0 && (await this.peerUp())) {
      // Sockets that reach this node while it drains (a load balancer not yet told) go too.
      for (let round = untried(); round.length > 0 && left() > 0; round = untried()) {
        for (const session of round) tried.add(session);
        await Promise.all(round.map((session) => this.handOver(session, attempt, left)));
      }
    }
    const staying = this.deps.engine.live();
    if (staying.length === 0) return;
    if (mayWait && left() > 0) {
      this.log.warn({ calls: staying.length, timeoutMs: Math.round(left()) }, 'waiting for live calls that could not be handed over');
      await within(Promise.all(staying.map((session) => this.deps.engine.untilEnded(session))), left());
    }
    await Promise.all(this.deps.engine.live().map((session) => this.endHere(session)));
  }

  private async peerUp(): Promise<boolean> {
    const up = await this.deps.peers?.anyUp().catch(() => false);
    if (!up) this.log.warn({}, 'no other node is up behind the public URL: live calls stay here until they end or the drain timeout');
    return up ?? false;
  }

  private async handOver(session: VoiceSession, attempt: number, left: () => number): Promise<void> {
    await within(session.untilAnswered(), left());
    if (session.isEnded) return;
    session.holdForHandOver();
    const { call } = session.context;
    const moved = await this.deps.relocation!.relocate(call, attempt);
    if (E.isLeft(moved)) {
      this.log.warn({ callId: call.id, err: moved.left.message }, 'could not hand the call over; it stays here');
      session.resumeHere();
      return;
    }
    // The carrier closes this session's socket as it connects the next one.
    if (!(await within(this.deps.engine.untilEnded(session), left()))) session.callerHungUp();
    await this.deps.engine.stored();
    await this.deps.uow.transaction(async (repos) => E.right(await repos.calls.releaseMedia(call.id, attempt)));
    this.log.info({ callId: call.id, attempt }, 'call handed over');
  }

  /** The caller hears why, through the carrier when it answers (no callback needed), else on the socket. */
  private async endHere(session: VoiceSession): Promise<void> {
    const { call } = session.context;
    const closing = { say: SHUTDOWN_FAREWELL, voice: call.voice, language: call.language };
    const ended = call.providerCallId ? await this.deps.telephony.endCall(call.providerCallId, closing) : null;
    if (ended && E.isRight(ended)) session.terminate();
    else session.endPolitely('node_shutdown', SHUTDOWN_FAREWELL);
    await this.deps.engine.stored();
    await this.deps.recordShutdown(call.id);
    this.log.warn({ callId: call.id }, 'call ended: the node stopped before it could be handed over');
  }
}

/** Whether `work` settled within `ms`; the timer goes with it either way. */
const within = async (work: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  try {
    return await Promise.race([work.then(() => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
};
