import type { Cents } from '../../domain/money.js';

/** How a usage series is cut: by local calendar day or by local calendar month. */
export type UsageBucket = 'day' | 'month';

export interface UsageSeriesRequest {
  readonly projectId: string;
  readonly bucket: UsageBucket;
  /** How many periods, the current one (holding `now`) the last. */
  readonly count: number;
  /** The IANA time zone whose calendar draws the periods' edges (already known to be valid). */
  readonly zone: string;
  readonly now: Date;
}

/** One period's activity of a project. */
export interface UsagePeriod {
  /** The period's local start: `YYYY-MM-DD` for a day, `YYYY-MM` for a month. */
  readonly period: string;
  /** Texts in and out, counted when they entered the service. */
  readonly texts: number;
  /** Calls, counted when they started. */
  readonly calls: number;
  /** Each call's duration rounded up to a whole minute, summed. */
  readonly voiceMinutes: number;
  /** What the ledger charged in the period, as a positive amount. */
  readonly chargesCents: Cents;
}

/**
 * Per-period counts of a project's activity, read apart from the write side's repositories.
 * Answers every one of the `count` periods, those with nothing in them as zeros, oldest first.
 */
export interface UsageQuery extends UsageBreakdownQuery {
  series(request: UsageSeriesRequest): Promise<readonly UsagePeriod[]>;
}

/** What a usage breakdown is per: each of the project's numbers, or each of its agents. */
export type UsageGrouping = 'number' | 'agent';

export interface UsageBreakdownRequest {
  readonly projectId: string;
  readonly by: UsageGrouping;
  /** The window's first instant (included). */
  readonly from: Date;
  /** The instant just after the window (excluded). */
  readonly to: Date;
}

/**
 * One number's or one agent's activity in a window. A number's: the calls on it, the texts it
 * sent and received, the ledger's charges for it (its rent). An agent's: its calls, the texts
 * of its conversations, and the charges for the numbers attached to it now.
 */
export interface UsageLine {
  /** The number's or the agent's id. */
  readonly id: string;
  /** The number in E.164 form, or the agent's name. */
  readonly label: string;
  /** A number's agent now (null when detached); for an agent, its own id. */
  readonly agentId: string | null;
  /** Calls, counted when they started. */
  readonly calls: number;
  /** Each call's duration rounded up to a whole minute, summed. */
  readonly voiceMinutes: number;
  /** Texts received and sent, counted when they entered the service. */
  readonly textsIn: number;
  readonly textsOut: number;
  /** What the ledger charged, as a positive amount. */
  readonly chargesCents: Cents;
}

/** Per-number or per-agent counts of a project's activity in a window. */
export interface UsageBreakdownQuery {
  /** A line for every number (released ones too) or agent of the project, zeros included, in id order. */
  breakdown(request: UsageBreakdownRequest): Promise<readonly UsageLine[]>;
}
