import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { Timers } from '../ports/timers.js';
import type { AgentBrain, TurnTiming } from '../ports/agent-brain.js';
import type { OptOutRecorder } from '../ports/opt-out-recorder.js';
import type { CallHandoffs } from '../ports/call-handoffs.js';
import type { Tracing } from '../ports/tracing.js';
import type { CallRecordWriter } from './call-record-writer.js';
import type { SessionContext } from './session-context.js';

/** What a voice session runs on; `Session` is the session's own type, which `onEnded` is given. */
export interface VoiceSessionDeps<Session> {
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
  readonly onEnded: (session: Session) => void;
  /** Asks for a fresh look at the call's webhook; the answer lands in the context later. */
  readonly refreshWebhook: (context: SessionContext) => void;
  /** Runs the agent's silence and duration limits; absent: no limits (embedders' tests). */
  readonly timers?: Timers;
  /** Traces the call, its turns and what they do; absent: not traced. */
  readonly tracing?: Tracing;
  /** Keeps a caller's request not to be called again; absent: the agent's opt-outs are only logged. */
  readonly optOuts?: OptOutRecorder;
  /** Stores the agent's handoffs of its call to another agent; absent: they are refused and logged. */
  readonly handoffs?: CallHandoffs;
}
