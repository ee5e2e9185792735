import * as E from 'fp-ts/lib/Either.js';
import { isLive, type Call, type TranscriptTurn } from '../../domain/call.js';
import { conflict, notFound, type Conflict, type NotFound } from '../errors.js';
import type { Logger } from '../ports/logger.js';
import type { Timers } from '../ports/timers.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { VoiceGateway } from '../ports/voice-gateway.js';
import { NO_ACTIVITY, type ServiceActivity } from '../ports/service-activity.js';
import { endpointFor } from '../webhooks/outbox.js';
import type { TurnTiming } from '../ports/agent-brain.js';
import type { AnswerRead, CallAnsweredListener } from '../ports/call-answered-listener.js';
import type { EndedSession, LiveCalls } from '../ports/live-calls.js';
import type { VoiceSessionEngineDeps } from './voice-session-engine-deps.js';
import { VoiceSession, type SessionContext } from './voice-session.js';
import { firstsOf } from './agent-answer.js';

export type { VoiceSessionEngineDeps } from './voice-session-engine-deps.js';

/**
 * The call's media stream connected before (here or on another node): a second socket for it
 * is a replayed URL, and the first one keeps the call.
 */
export interface MediaTaken {
  readonly _tag: 'MediaTaken';
  readonly callId: string;
}

const mediaTaken = (callId: string): MediaTaken => ({ _tag: 'MediaTaken', callId });

/** The turns of a call's first session when it opens: none yet. */
const NO_TURNS: readonly TranscriptTurn[] = [];

interface LoadedSession {
  readonly context: SessionContext;
  readonly turns: readonly TranscriptTurn[];
}

/** The caller comes back to the agent after warm transfer `attempt` failed; the carrier says `said` on reconnecting. */
export interface ResumeAfterTransfer {
  readonly attempt: number;
  readonly said: string;
}

/** The call goes on from a node that stopped (hand-over `attempt`): nothing is said, the caller's words left unanswered are answered. */
export interface ContinueAfterHandOver {
  readonly attempt: number;
  readonly handedOver: true;
}

export type Resume = ResumeAfterTransfer | ContinueAfterHandOver;

/** How often, and how long apart, a handed-over call's next session asks whether the node it left has let go. */
const RELEASE_CHECKS = 50;
const RELEASE_CHECK_MS = 100;

/**
 * The live calls of this process. A carrier adapter opens a session when its media leg
 * connects (ConversationRelay's socket, the simulated carrier, a browser) and feeds it caller
 * events; the session answers through the carrier's {@link VoiceGateway}. No carrier code here.
 */
export class VoiceSessionEngine implements LiveCalls, CallAnsweredListener {
  private readonly sessions = new Map<string, VoiceSession>();
  /** When a session's view of its webhook was read (at its open, or by a look-up for its agent). */
  private readonly refreshedAt = new WeakMap<SessionContext, number>();
  /** When each agent's webhook was last looked up for its live calls here, by {@link agentKey}. */
  private readonly lookedUpAt = new Map<string, number>();
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly observers = new Set<(callId: string, timing: TurnTiming) => void>();
  private readonly activity: ServiceActivity;
  /** Who waits for a session to end (see {@link untilEnded}). */
  private readonly endWaiters = new Map<VoiceSession, () => void>();

  constructor(private readonly deps: VoiceSessionEngineDeps) {
    this.now = deps.now ?? (deps.timers ? () => deps.timers!.now() : () => performance.now());
    this.activity = deps.activity ?? NO_ACTIVITY;
    this.log = deps.logger.child({ component: 'voice-engine' });
    if (deps.observer) this.observers.add(deps.observer);
  }

  /** Hears the timing of every answered turn from now on (latency figures); returns the way to stop. */
  onTurnTimed(observer: (callId: string, timing: TurnTiming) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /**
   * Opens the session of a live call (one read of the call, its agent, webhook and turns so
   * far, unless the call was just answered here: see {@link answered}). A call gets one media
   * stream in its life: its first open claims the call in the store, and every later one, on any
   * node, is refused with {@link MediaTaken}, even after the first stream ended.
   *
   * No transaction: the claim is one conditional update, made last, once everything the session
   * needs is read. A read that fails leaves the call unclaimed, and a claim lost to another
   * socket leaves nothing behind but the reads.
   */
  async open(callId: string, gateway: VoiceGateway, resume?: Resume): Promise<E.Either<NotFound | Conflict | MediaTaken, VoiceSession>> {
    if (this.sessions.has(callId)) return E.left(mediaTaken(callId));
    const answered = resume ? null : this.deps.answerReads.take(callId);
    const claimed = answered ? await this.claimAnswered(answered.value, answered.at) : null;
    const loaded = claimed ? E.right(claimed) : await this.loadOnceReleased(callId, resume);
    if (E.isLeft(loaded)) return loaded;
    return E.right(this.start(loaded.right, gateway, resume));
  }

  /** Also warms the way to the call's brain while it rings: the media connects a moment later. */
  answered(read: AnswerRead): void {
    this.deps.answerReads.keep(read.call.id, read);
    this.deps.brains.brainFor(read.call).warmUp?.(read);
  }

  /**
   * The first claim of a call answered here, its session to run on what its answer read (`readAt`:
   * when, so that its webhook is refreshed a window after that read). The claim holds only for a
   * call still in progress, so a call that ended since its answer is not opened on what was read
   * before. Null if refused (the call ended, or its media connected already): reading the call
   * then tells which.
   */
  private async claimAnswered(answered: AnswerRead, readAt: number): Promise<LoadedSession | null> {
    const claimed = await this.deps.uow.transaction(async (repos) => E.right(await repos.calls.claimMedia(answered.call.id, this.deps.clock.now())));
    if (E.isLeft(claimed) || !claimed.right) return null;
    // A context of its own: the session refreshes its webhook in place.
    const context: SessionContext = { ...answered };
    this.refreshedAt.set(context, readAt);
    return { context, turns: NO_TURNS };
  }

  /**
   * A handed-over call's socket may connect here before the node it left has stored its last
   * turns: its claim holds only once that node let go, so it is asked again a while.
   */
  private async loadOnceReleased(callId: string, resume: Resume | undefined): Promise<E.Either<NotFound | Conflict | MediaTaken, LoadedSession>> {
    for (let check = 1; ; check++) {
      const loaded = await this.load(callId, resume);
      if (!resume || !('handedOver' in resume) || E.isRight(loaded) || loaded.left._tag !== 'MediaTaken' || check >= RELEASE_CHECKS) return loaded;
      await new Promise((resolve) => setTimeout(resolve, RELEASE_CHECK_MS));
    }
  }

  /** Reads what a call's session needs, and claims its media. */
  private async load(callId: string, resume: Resume | undefined): Promise<E.Either<NotFound | Conflict | MediaTaken, LoadedSession>> {
    // A call back from a transfer goes on from its turns so far: those its first session handed over must be stored to be read.
    if (resume) await this.deps.writer.settled();
    const loaded = await this.deps.uow.transaction(async (repos): Promise<E.Either<NotFound | Conflict | MediaTaken, LoadedSession>> => {
      const call = await repos.calls.findByIdInAnyProject(callId);
      if (!call) return E.left(notFound('call', callId));
      if (!isLive(call)) return E.left(conflict(`call ${callId} is ${call.status}, not in progress`));
      const [agent, webhook, turns] = await Promise.all([
        call.agentId ? repos.agents.findById(call.projectId, call.agentId) : null,
        endpointFor(repos, call.projectId, call.agentId),
        // Only a call's sessions write its turns, and a first claim that holds means none has
        // run: there is nothing to read but for a call back from a transfer.
        resume ? repos.transcripts.listByCall(call.id) : NO_TURNS,
      ]);
      const claimed = !resume
        ? await repos.calls.claimMedia(call.id, this.deps.clock.now())
        : 'handedOver' in resume
          ? await repos.calls.claimHandedOverMedia(call.id, resume.attempt)
          : await repos.calls.claimResumedMedia(call.id, resume.attempt);
      if (!claimed) return E.left(mediaTaken(callId));
      return E.right({ context: { call, agent, webhook }, turns });
    });
    if (E.isRight(loaded)) this.refreshedAt.set(loaded.right.context, this.now());
    return loaded;
  }

  private start({ context, turns }: LoadedSession, gateway: VoiceGateway, resume: Resume | undefined): VoiceSession {
    const callId = context.call.id;
    const kind = { direction: context.call.direction, mode: context.call.voiceMode };
    const session = new VoiceSession(context, turns, gateway, {
      ids: this.deps.ids,
      clock: this.deps.clock,
      logger: this.deps.logger,
      now: this.now,
      writer: this.deps.writer,
      // Chosen a turn at a time: a handoff may bring an agent of the other voice mode.
      brain: { answer: (turn, signal, act) => this.deps.brains.brainFor(turn.call).answer(turn, signal, act) },
      observer: (id, timing) => {
        this.activity.answered(kind.mode, firstsOf(timing));
        for (const observer of this.observers) observer(id, timing);
      },
      onEnded: (ended) => {
        this.activity.callDisconnected(kind);
        if (this.sessions.get(ended.callId) === ended) this.sessions.delete(ended.callId);
        this.endWaiters.get(ended)?.();
        this.endWaiters.delete(ended);
        this.keepWhatEnded(ended);
      },
      refreshWebhook: (ctx) => this.refreshWebhook(ctx),
      ...(this.deps.timers ? { timers: this.deps.timers } : {}),
      ...(this.deps.tracing ? { tracing: this.deps.tracing } : {}),
      ...(this.deps.optOuts ? { optOuts: this.deps.optOuts } : {}),
      ...(this.deps.handoffs ? { handoffs: this.deps.handoffs } : {}),
    });
    this.sessions.set(callId, session);
    this.activity.callConnected(kind);
    if (resume && 'handedOver' in resume) session.answerPending();
    else if (resume) session.recordReturn(resume.said);
    else session.recordGreeting();
    this.log.info({ callId, agentId: context.call.agentId, voiceMode: context.call.voiceMode }, 'voice session opened');
    return session;
  }

  /** The live session of a call in this process. */
  find(callId: string): VoiceSession | undefined {
    return this.sessions.get(callId);
  }

  get liveCount(): number {
    return this.sessions.size;
  }

  /** Every live session in this process (a stopping node hands them over). */
  live(): readonly VoiceSession[] {
    return [...this.sessions.values()];
  }

  /** Resolves once the session has ended; one waiter a session (the node's drain). */
  untilEnded(session: VoiceSession): Promise<void> {
    if (session.isEnded) return Promise.resolve();
    return new Promise((resolve) => this.endWaiters.set(session, resolve));
  }

  /** Resolves once every turn handed over so far (by any session) is stored and published. */
  async stored(): Promise<void> {
    await this.deps.writer.settled();
  }

  async settle(callId: string): Promise<EndedSession | null> {
    this.sessions.get(callId)?.terminate();
    await this.deps.writer.written();
    return this.deps.endedSessions.take(callId)?.value ?? null;
  }

  /**
   * Keeps what an ended session knew for its call's end, unless the call may go on in another
   * session (a warm transfer nobody takes brings the caller back, on any node): its turns would
   * then not be all of the call's.
   */
  private keepWhatEnded(session: VoiceSession): void {
    if (session.mayResume) return;
    this.deps.endedSessions.keep(session.callId, { agent: session.context.agent, turns: session.transcript() });
  }

  /** Ends every session and stores what they left. */
  async close(): Promise<void> {
    for (const session of [...this.sessions.values()]) session.terminate();
    await this.deps.writer.settled();
    this.deps.endedSessions.clear();
    this.deps.answerReads.clear();
  }

  /**
   * Keeps live calls' view of their webhook at most `webhookRefreshMs` stale: one look-up an agent
   * a window, whatever the number of its calls here, its answer given to each of them (but to one
   * opened since the look-up began, which read a view as fresh).
   */
  private refreshWebhook(context: SessionContext): void {
    const now = this.now();
    const key = agentKey(context.call);
    if (now - (this.refreshedAt.get(context) ?? 0) < this.refreshMs || now - (this.lookedUpAt.get(key) ?? -Infinity) < this.refreshMs) return;
    this.lookedUpAt.set(key, now);
    if (this.lookedUpAt.size > LOOKED_UP_KEPT) this.forgetLookUpsBefore(now - this.refreshMs);
    const { projectId, agentId } = context.call;
    this.deps.uow.transaction(async (repos) => E.right(await endpointFor(repos, projectId, agentId)))
      .then((found) => {
        if (E.isLeft(found)) return;
        for (const session of this.sessions.values()) {
          const seen = session.context;
          if (agentKey(seen.call) !== key || (this.refreshedAt.get(seen) ?? 0) > now) continue;
          seen.webhook = found.right;
          this.refreshedAt.set(seen, now);
        }
      })
      .catch((error: unknown) => this.log.warn({ callId: context.call.id, err: String(error) }, 'could not refresh the webhook'));
  }

  private get refreshMs(): number {
    return this.deps.webhookRefreshMs ?? 5000;
  }

  /** Look-ups older than a window count for nothing: forgotten once many agents have had calls here. */
  private forgetLookUpsBefore(oldest: number): void {
    for (const [key, at] of this.lookedUpAt) if (at < oldest) this.lookedUpAt.delete(key);
  }
}

/** How many agents' last look-ups are kept before the stale ones are forgotten. */
const LOOKED_UP_KEPT = 1024;

/** The agent whose webhook a call uses (a call with no agent uses its project's). */
const agentKey = (call: Call): string => `${call.projectId}/${call.agentId ?? ''}`;
