import type { CallWebhooks } from '../../ports/telephony.js';

/** Where the carrier reaches this server about a call, given its id (built by the composition root). */
export type CallWebhooksFor = (callId: string) => CallWebhooks;
