import type { Contact } from '../../../domain/contact.js';
import type { Conversation } from '../../../domain/conversation.js';
import type { Message } from '../../../domain/message.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { EventToQueue } from '../../webhooks/outbox.js';

/**
 * The `agent.message` event (channel `sms`) of an inbound text, as wire.md shapes it.
 * `history` is the messages before it, oldest first.
 */
export const inboundSmsEvent = (props: {
  readonly message: Message;
  readonly conversation: Conversation;
  readonly number: PhoneNumber;
  readonly contact: Contact | null;
  readonly history: readonly Message[];
  readonly now: Date;
}): EventToQueue => {
  const { message, conversation, contact } = props;
  return {
    eventType: 'agent.message',
    channel: 'sms',
    agentId: conversation.agentId,
    messageId: message.id,
    callId: null,
    envelope: {
      event: 'agent.message',
      channel: 'sms',
      timestamp: props.now.toISOString(),
      agentId: conversation.agentId,
      data: {
        messageId: message.id,
        conversationId: conversation.id,
        numberId: props.number.id,
        from: message.fromNumber,
        to: message.toNumber,
        contact: contact && { id: contact.id, name: contact.name, email: contact.email, phoneNumber: contact.phoneNumber },
        message: message.body,
        mediaUrls: message.mediaUrls,
        direction: message.direction,
        receivedAt: message.receivedAt.toISOString(),
      },
      conversationState: conversation.state,
      recentHistory: props.history.map((m) => ({
        messageId: m.id,
        content: m.body,
        direction: m.direction,
        channel: m.channel,
        at: m.receivedAt.toISOString(),
      })),
    },
  };
};
