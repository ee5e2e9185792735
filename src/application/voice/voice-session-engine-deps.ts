import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { Timers } from '../ports/timers.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Tracing } from '../ports/tracing.js';
import type { ServiceActivity } from '../ports/service-activity.js';
import type { BrainSelector, TurnTiming } from '../ports/agent-brain.js';
import type { CallRecordWriter } from './call-record-writer.js';
import type { AnswerRead } from '../ports/call-answered-listener.js';
import type { CallMemo } from '../ports/call-memo.js';
import type { EndedSession } from '../ports/live-calls.js';
import type { OptOutRecorder } from '../ports/opt-out-recorder.js';
import type { CallHandoffs } from '../ports/call-handoffs.js';

/** What the voice session engine runs on. */
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
  /** Traces each call's session, its turns and what they do; absent: not traced. */
  readonly tracing?: Tracing;
  /** Counts sessions opening and ending and each answer's latency; absent: nobody counts. */
  readonly activity?: ServiceActivity;
  /**
   * What answering each call here read, until its session opens (see {@link answered}): the
   * carrier connects the media a moment after it reads the answer. Timed by `now`.
   */
  readonly answerReads: CallMemo<AnswerRead>;
  /**
   * What each session that ended here knew, until its call's end takes it (see {@link settle}):
   * the caller's hang-up closes the socket a moment before the carrier reports the end. Timed by `now`.
   */
  readonly endedSessions: CallMemo<EndedSession>;
  /** Keeps callers' requests not to be called again (see the session's `optOuts`). */
  readonly optOuts?: OptOutRecorder;
  /** Stores agents' handoffs of their calls (see the session's `handoffs`). */
  readonly handoffs?: CallHandoffs;
}
