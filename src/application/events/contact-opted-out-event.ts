import type { Call } from '../../domain/call.js';
import type { SuppressionChannel, SuppressionSource } from '../../domain/suppression.js';
import { callEvent, type CallEvent } from './call-event.js';

/**
 * `agent.contact_opted_out` on channel `voice`: the person on a call asked not to be called
 * again (a hosted agent's `opt_out` tool, a webhook's `{"action":"opt_out"}`). Their number is
 * on the project's suppression list from then on; the call goes on until someone ends it.
 */
export type ContactOptedOutEvent = CallEvent<
  'agent.contact_opted_out',
  {
    /** The number put on the suppression list; null for a web call, which has none. */
    readonly phoneNumber: string | null;
    /** The suppression's channel. */
    readonly suppressedFor: SuppressionChannel;
    readonly source: Extract<SuppressionSource, 'agent_tool' | 'webhook_answer'>;
    /** What the agent gave as the reason, else the caller's last words. */
    readonly reason: string | null;
  }
>;

export const contactOptedOutEvent = (
  call: Call,
  optOut: { readonly phoneNumber: string | null; readonly source: ContactOptedOutEvent['data']['source']; readonly reason: string | null },
  now: Date,
): ContactOptedOutEvent =>
  callEvent('agent.contact_opted_out', call, now, { phoneNumber: optOut.phoneNumber, suppressedFor: 'voice' as const, source: optOut.source, reason: optOut.reason });
