import * as E from 'fp-ts/lib/Either.js';
import { isLive, type TranscriptTurn } from '../../domain/call.js';
import { conflict, notFound, type Conflict, type NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { Timers } from '../ports/timers.js';
import { inOneStatement, readOnly, type UnitOfWork } from '../ports/unit-of-work.js';
import type { VoiceGateway } from '../ports/voice-gateway.js';
import { endpointFor } from '../webhooks/outbox.js';
import type { BrainSelector, TurnTiming } from './agent-brain.js';
import type { CallRecordWriter } from './call-record-writer.js';
import { VoiceSession, type SessionContext } from './voice-session.js';

/**
 * The call's media stream connected before (here or on another node): a second socket for it
 * is a replayed URL, and the first one keeps the call.
 */
export interface MediaTaken {
  readonly _tag: 'MediaTaken';
  readonly callId: string;
}

const mediaTaken = (callId: string): MediaTaken => ({ _tag: 'MediaTaken', callId });

interface LoadedSession {
  readonly context: SessionContext;
  readonly turns: readonly TranscriptTurn[];
}

/** The caller comes back to the agent after warm transfer `attempt` failed; the carrier says `said` on reconnecting. */
export interface ResumeAfterTransfer {
  readonly attempt: number;
  readonly said: string;
}

/** What the call use cases need of the live sessions of this process. */
export interface LiveCalls {
  /** Ends the call's session here, if it runs here, and waits until its records are stored. */
  settle(callId: string): Promise<void>;
}

export interface VoiceSessionEngineDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  readonly brains: BrainSelector;
  readonly writer: CallRecordWriter;
  /** Monotonic milliseconds; `performance.now()` by default. */
  readonly now?: () => number;
  readonly observer?: (callId: string, timing: TurnTiming) => void;
  /** How stale a session's view of its webhook may get; default 5 s. */
  readonly webhookRefreshMs?: number;
  /** Runs the agents' silence and duration limits (and then gives `now`); absent: calls have no such limits. */
  readonly timers?: Timers;
}

/**
 * The live calls of this process. A carrier adapter opens a session when its media leg
 * connects (ConversationRelay's socket, the simulated carrier, a browser) and feeds it caller
 * events; the session answers through the carrier's {@link VoiceGateway}. No carrier code here.
 */
export class VoiceSessionEngine implements LiveCalls {
  private readonly sessions = new Map<string, VoiceSession>();
  private readonly refreshedAt = new WeakMap<SessionContext, number>();
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly observers = new Set<(callId: string, timing: TurnTiming) => void>();

  constructor(private readonly deps: VoiceSessionEngineDeps) {
    this.now = deps.now ?? (deps.timers ? () => deps.timers!.now() : () => performance.now());
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
   * far). A call gets one media stream in its life: its first open claims the call in the
   * store, and every later one, on any node, is refused with {@link MediaTaken}, even after
   * the first stream ended.
   *
   * No transaction: the claim is one conditional update, made last, once everything the session
   * needs is read. A read that fails leaves the call unclaimed, and a claim lost to another
   * socket leaves nothing behind but the reads.
   */
  async open(callId: string, gateway: VoiceGateway, resume?: ResumeAfterTransfer): Promise<E.Either<NotFound | Conflict | MediaTaken, VoiceSession>> {
    if (this.sessions.has(callId)) return E.left(mediaTaken(callId));
    // A call back from a transfer goes on from its turns so far: those its first session handed over must be stored to be read.
    if (resume) await this.deps.writer.settled();
    const loaded = await inOneStatement(this.deps.uow, async (repos): Promise<E.Either<NotFound | Conflict | MediaTaken, LoadedSession>> => {
      const call = await repos.calls.findByIdInAnyProject(callId);
      if (!call) return E.left(notFound('call', callId));
      if (!isLive(call)) return E.left(conflict(`call ${callId} is ${call.status}, not in progress`));
      const [agent, webhook, turns] = await Promise.all([
        call.agentId ? repos.agents.findById(call.projectId, call.agentId) : null,
        endpointFor(repos, call.projectId, call.agentId),
        repos.transcripts.listByCall(call.id),
      ]);
      const claimed = resume ? await repos.calls.claimResumedMedia(call.id, resume.attempt) : await repos.calls.claimMedia(call.id, this.deps.clock.now());
      if (!claimed) return E.left(mediaTaken(callId));
      return E.right({ context: { call, agent, webhook }, turns });
    });
    if (E.isLeft(loaded)) return loaded;
    const { context, turns } = loaded.right;
    this.refreshedAt.set(context, this.now());
    const session = new VoiceSession(context, turns, gateway, {
      ids: this.deps.ids,
      clock: this.deps.clock,
      logger: this.deps.logger,
      now: this.now,
      writer: this.deps.writer,
      brain: this.deps.brains.brainFor(context.call),
      observer: (id, timing) => {
        for (const observer of this.observers) observer(id, timing);
      },
      onEnded: (ended) => {
        if (this.sessions.get(ended.callId) === ended) this.sessions.delete(ended.callId);
      },
      refreshWebhook: (ctx) => this.refreshWebhook(ctx),
      ...(this.deps.timers ? { timers: this.deps.timers } : {}),
    });
    this.sessions.set(callId, session);
    if (resume) session.recordReturn(resume.said);
    else session.recordGreeting();
    this.log.info({ callId, agentId: context.call.agentId, voiceMode: context.call.voiceMode }, 'voice session opened');
    return E.right(session);
  }

  /** The live session of a call in this process. */
  find(callId: string): VoiceSession | undefined {
    return this.sessions.get(callId);
  }

  get liveCount(): number {
    return this.sessions.size;
  }

  /** Resolves once every turn handed over so far (by any session) is stored and published. */
  async stored(): Promise<void> {
    await this.deps.writer.settled();
  }

  async settle(callId: string): Promise<void> {
    this.sessions.get(callId)?.terminate();
    await this.deps.writer.settled();
  }

  /** Ends every session and stores what they left. */
  async close(): Promise<void> {
    for (const session of [...this.sessions.values()]) session.terminate();
    await this.deps.writer.settled();
  }

  private refreshWebhook(context: SessionContext): void {
    const last = this.refreshedAt.get(context) ?? 0;
    if (this.now() - last < (this.deps.webhookRefreshMs ?? 5000)) return;
    this.refreshedAt.set(context, this.now());
    const { projectId, agentId } = context.call;
    readOnly(this.deps.uow, async (repos) => E.right(await endpointFor(repos, projectId, agentId)))
      .then((found) => {
        if (E.isRight(found)) context.webhook = found.right;
      })
      .catch((error: unknown) => this.log.warn({ callId: context.call.id, err: String(error) }, 'could not refresh the webhook'));
  }
}
