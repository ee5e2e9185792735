import type { Message } from '../../domain/message.js';
import type { SmsTextRefs } from './event-parts.js';

/**
 * `agent.message_failed` on channel `sms`: the carrier refused an outbound text (or could not be
 * reached), whether the request that sent it saw the refusal or the outbound-text worker did
 * after the request's process died. The message is stored `failed` with the carrier's code.
 */
export interface MessageFailedEvent {
  readonly event: 'agent.message_failed';
  readonly channel: 'sms';
  readonly timestamp: Date;
  /** The conversation's agent; null when it has none any more. */
  readonly agentId: string | null;
  readonly data: SmsTextRefs & {
    readonly message: string;
    /** The carrier's error code (Twilio's, e.g. `30034`); null when it gave none. */
    readonly errorCode: string | null;
    readonly errorMessage: string;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

export const messageFailedEvent = (message: Message, agentId: string | null, errorMessage: string, now: Date): MessageFailedEvent => ({
  event: 'agent.message_failed',
  channel: 'sms',
  timestamp: now,
  agentId,
  data: {
    messageId: message.id,
    conversationId: message.conversationId,
    numberId: message.phoneNumberId,
    from: message.fromNumber,
    to: message.toNumber,
    message: message.body,
    errorCode: message.errorCode,
    errorMessage,
  },
  conversationState: null,
  recentHistory: [],
});
