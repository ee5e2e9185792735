import type { EventChannel, WebhookEventType } from '../../domain/webhook-delivery.js';
import type { CallAnalyzedEvent } from './call-analyzed-event.js';
import type { CallEndedEvent } from './call-ended-event.js';
import type { CallStartedEvent } from './call-started-event.js';
import type { ContactOptedOutEvent } from './contact-opted-out-event.js';
import type { AgentHandoffEvent } from './agent-handoff-event.js';
import type { TransferEvent } from './transfer-events.js';
import type { CampaignRecipientCompletedEvent, CampaignStatusEvent } from './campaign-events.js';
import type { MessageFailedEvent } from './message-failed-event.js';
import type { SmsMessageEvent } from './sms-message-event.js';
import type { VoiceTurnEvent } from './voice-turn-event.js';
import type { TestRunCompletedEvent } from './test-run-completed-event.js';

export type { CallAnalyzedEvent } from './call-analyzed-event.js';
export type { CallEndedEvent } from './call-ended-event.js';
export type { CallStartedEvent } from './call-started-event.js';
export type { ContactOptedOutEvent } from './contact-opted-out-event.js';
export type { AgentHandoffEvent } from './agent-handoff-event.js';
export type { TransferEvent } from './transfer-events.js';
export type { CampaignRecipientCompletedEvent, CampaignStatusEvent } from './campaign-events.js';
export type { EventContact } from './event-parts.js';
export type { MessageFailedEvent } from './message-failed-event.js';
export type { SmsHistoryEntry, SmsMessageEvent } from './sms-message-event.js';
export type { VoiceHistoryEntry, VoiceTurnEvent } from './voice-turn-event.js';
export type { TestRunCompletedEvent } from './test-run-completed-event.js';

/**
 * Every payload Switchboard POSTs to a customer's webhook, told apart by `event` and `channel`.
 * Each member has a constructor beside it (the only way producers build one), a codec in the
 * HTTP adapter (the only way one becomes bytes, through the `OutboundEventEncoder` port) and a
 * section in docs/events.md. A new event (a call starting, a call's analysis, a transfer, a
 * campaign's progress) joins the union the same way, its name joining the domain's
 * `WebhookEventType`; the codecs' type check fails to compile until it has its codec.
 */
export type OutboundEvent =
  | SmsMessageEvent
  | MessageFailedEvent
  | VoiceTurnEvent
  | CallEndedEvent
  | CallAnalyzedEvent
  | CallStartedEvent
  | TransferEvent
  | ContactOptedOutEvent
  | AgentHandoffEvent
  | CampaignStatusEvent
  | CampaignRecipientCompletedEvent
  | TestRunCompletedEvent;

/** What the delivery log keeps beside the body, to list and filter deliveries without reading it. */
export interface DeliveryKeys {
  readonly eventType: WebhookEventType;
  readonly channel: EventChannel | null;
  readonly agentId: string | null;
  readonly messageId: string | null;
  readonly callId: string | null;
}

export const deliveryKeysOf = (event: OutboundEvent): DeliveryKeys => ({
  eventType: event.event,
  channel: event.channel,
  agentId: event.agentId,
  messageId: event.channel === 'sms' ? event.data.messageId : null,
  callId: 'callId' in event.data ? event.data.callId : null,
});
