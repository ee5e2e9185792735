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
export interface UsageQuery {
  series(request: UsageSeriesRequest): Promise<readonly UsagePeriod[]>;
}
