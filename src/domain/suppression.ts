import type { E164 } from './e164.js';

/** What a suppression covers: calls, texts, or both. */
export type SuppressionChannel = 'voice' | 'sms' | 'all';

/** One channel an outbound contact goes through. */
export type OutboundChannel = 'voice' | 'sms';

/**
 * Who put the number on the list: an opt-out keyword texted in, a caller who asked the agent
 * (a hosted agent's `opt_out` tool, a webhook agent's `opt_out` answer), the operator, an import.
 */
export type SuppressionSource = 'sms_keyword' | 'agent_tool' | 'webhook_answer' | 'operator' | 'import';

export const SUPPRESSION_CHANNELS: readonly SuppressionChannel[] = ['voice', 'sms', 'all'];
export const SUPPRESSION_SOURCES: readonly SuppressionSource[] = ['sms_keyword', 'agent_tool', 'webhook_answer', 'operator', 'import'];

/** A number the project must not call or text (per its channel), one entry per number and channel. */
export interface Suppression {
  readonly projectId: string;
  readonly phoneNumber: E164;
  readonly channel: SuppressionChannel;
  readonly reason: string | null;
  readonly source: SuppressionSource;
  readonly createdAt: Date;
}

/** Whether the entry stops an outbound contact on this channel. */
export const covers = (suppression: Pick<Suppression, 'channel'>, channel: OutboundChannel): boolean =>
  suppression.channel === 'all' || suppression.channel === channel;

/** The channels a list lookup matches for an outbound contact on `channel`. */
export const channelsCovering = (channel: OutboundChannel): readonly SuppressionChannel[] => [channel, 'all'];
