import type { Agent } from '../../domain/agent.js';
import type { TranscriptTurn } from '../../domain/call.js';

/**
 * What a call's last session knew of it when it ended on this node: the whole transcript (every
 * turn it held, stored by the time the call's end takes it) and the agent it ran with.
 */
export interface EndedSession {
  readonly agent: Agent | null;
  readonly turns: readonly TranscriptTurn[];
}

/** What the call use cases need of the live sessions of this process, at a call's end. */
export interface LiveCalls {
  /**
   * Ends the call's session here, if it runs here, and waits until its records are stored (by the
   * record writer's next write, within its window). Gives what its session knew if the call's
   * last session ended here, once: the end then need not read the transcript back.
   */
  settle(callId: string): Promise<EndedSession | null>;
}
