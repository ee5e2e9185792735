import { truncateTurn, type ToolTurnDetail, type TranscriptTurn, type TurnLatency, type TurnRole, type TurnSource } from '../../domain/call.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { AgentAction } from '../ports/agent-brain.js';
import type { CallRecordWriter } from './call-record-writer.js';

export interface SessionTranscriptDeps {
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly writer: CallRecordWriter;
}

/**
 * One session's transcript: the turns stored before it (a call resumed after a warm transfer)
 * and its own, numbered on, each handed to the writer as it is added.
 */
export class SessionTranscript {
  private nextSequence: number;
  private readonly turns: TranscriptTurn[];
  /** The agent's last finished turn, which a late barge-in may still truncate. */
  private lastAgentTurn: TranscriptTurn | null = null;

  constructor(
    private readonly callId: string,
    stored: readonly TranscriptTurn[],
    private readonly deps: SessionTranscriptDeps,
  ) {
    this.turns = [...stored];
    this.nextSequence = (stored.at(-1)?.sequence ?? 0) + 1;
  }

  /** Every turn so far, oldest first. */
  all(): readonly TranscriptTurn[] {
    return this.turns;
  }

  /** Every turn before the last one (the caller's turn being answered). */
  beforeLast(): TranscriptTurn[] {
    return this.turns.slice(0, -1);
  }

  /** What the caller said last, if anything: kept as the reason of an opt-out the agent gave none for. */
  lastCallerWords(): string | null {
    for (let i = this.turns.length - 1; i >= 0; i--) if (this.turns[i]!.role === 'user') return this.turns[i]!.content;
    return null;
  }

  add(
    role: TurnRole,
    content: string,
    interrupted = false,
    error: string | null = null,
    tool?: ToolTurnDetail,
    latency?: TurnLatency,
    language?: string | null,
    sources?: readonly TurnSource[],
  ): TranscriptTurn {
    const turn: TranscriptTurn = {
      id: this.deps.ids.next('turn'),
      callId: this.callId,
      role,
      content,
      createdAt: this.deps.clock.now(),
      interrupted,
      sequence: this.nextSequence++,
      ...(error !== null ? { error } : {}),
      ...(tool ? { tool } : {}),
      ...(latency ? { latency } : {}),
      ...(language ? { language } : {}),
      ...(sources?.length ? { sources } : {}),
    };
    this.turns.push(turn);
    this.deps.writer.writeTurn(turn);
    return turn;
  }

  /** The agent's answer, once over: the turn a later barge-in may cut short. */
  addAnswer(content: string, interrupted: boolean, error: string | null, latency: TurnLatency, sources: readonly TurnSource[] | null = null): void {
    this.lastAgentTurn = this.add('agent', content, interrupted, error, undefined, latency, null, sources ?? undefined);
  }

  /** The answer had arrived in full, but the caller cut its playback short: only `heard` stays. */
  cutLastAnswer(heard: string): void {
    const last = this.lastAgentTurn;
    if (!last || last.interrupted || this.turns.at(-1)?.id !== last.id) return;
    const truncated = truncateTurn(last, heard);
    this.turns[this.turns.length - 1] = truncated;
    this.lastAgentTurn = truncated;
    this.deps.writer.writeTurn(truncated, false);
  }

  /** A custom tool's call now, its result when it comes. */
  recordTool(action: Extract<AgentAction, { readonly kind: 'tool' }>, log: Logger): void {
    const tool = { toolCallId: action.toolCallId, name: action.name };
    this.add('tool_call', `${action.name} ${JSON.stringify(action.arguments)}`, false, null, { ...tool, arguments: action.arguments });
    // Not tied to the answer: a barge-in cancels the answer, never the record of what the tool said.
    void action.result.then(
      (result) => this.add('tool_result', result.content, false, null, { ...tool, outcome: result.outcome, httpStatus: result.httpStatus }, undefined, null, result.sources),
      (error: unknown) => log.error({ tool: action.name, err: String(error) }, 'a custom tool failed unexpectedly'),
    );
  }
}
