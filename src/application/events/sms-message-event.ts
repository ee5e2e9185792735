import type { Contact } from '../../domain/contact.js';
import type { Conversation, ConversationState } from '../../domain/conversation.js';
import type { Message, MessageDirection } from '../../domain/message.js';
import type { PhoneNumber } from '../../domain/phone-number.js';
import { eventContactOf, type EventContact, type SmsTextRefs } from './event-parts.js';

/** A message before the one the event is about, as `recentHistory` lists it. */
export interface SmsHistoryEntry {
  readonly messageId: string;
  readonly content: string;
  readonly direction: MessageDirection;
  readonly channel: 'sms';
  readonly at: Date;
}

/** `agent.message` on channel `sms`: a text reached one of the agent's numbers. */
export interface SmsMessageEvent {
  readonly event: 'agent.message';
  readonly channel: 'sms';
  readonly timestamp: Date;
  /** The conversation's agent; null when it has none (a test send from a project without agents). */
  readonly agentId: string | null;
  readonly data: SmsTextRefs & {
    readonly contact: EventContact | null;
    readonly message: string;
    readonly mediaUrls: readonly string[];
    readonly direction: MessageDirection;
    readonly receivedAt: Date;
  };
  readonly conversationState: ConversationState | null;
  readonly recentHistory: readonly SmsHistoryEntry[];
}

/** The event of an inbound text; `history` is the messages before it, oldest first. */
export const smsMessageEvent = (props: {
  readonly message: Message;
  readonly conversation: Conversation;
  readonly number: PhoneNumber;
  readonly contact: Contact | null;
  readonly history: readonly Message[];
  readonly now: Date;
}): SmsMessageEvent => {
  const { message, conversation } = props;
  return {
    event: 'agent.message',
    channel: 'sms',
    timestamp: props.now,
    agentId: conversation.agentId,
    data: {
      messageId: message.id,
      conversationId: conversation.id,
      numberId: props.number.id,
      from: message.fromNumber,
      to: message.toNumber,
      contact: eventContactOf(props.contact),
      message: message.body,
      mediaUrls: message.mediaUrls,
      direction: message.direction,
      receivedAt: message.receivedAt,
    },
    conversationState: conversation.state,
    recentHistory: props.history.map((m) => ({
      messageId: m.id,
      content: m.body,
      direction: m.direction,
      channel: m.channel,
      at: m.receivedAt,
    })),
  };
};

/**
 * The sample a test send POSTs: an inbound text with made-up ids and numbers, so a receiver
 * can be tried against the real shape. `deliveryId` makes its message id unique per send.
 */
export const testMessageEvent = (agentId: string | null, deliveryId: string, now: Date): SmsMessageEvent => ({
  event: 'agent.message',
  channel: 'sms',
  timestamp: now,
  agentId,
  data: {
    messageId: `msg_test_${deliveryId.slice(-8)}`,
    conversationId: 'conv_test',
    numberId: 'num_test',
    from: '+15555550100',
    to: '+15555550199',
    contact: null,
    message: 'This is a test message from Switchboard.',
    mediaUrls: [],
    direction: 'inbound',
    receivedAt: now,
  },
  conversationState: null,
  recentHistory: [],
});
