import * as t from 'io-ts';
import type { ConversationDetail } from '../../../application/queries/conversation-query.js';
import type { Conversation } from '../../../domain/conversation.js';
import { messageView, MessageView } from './messages.js';
import { e164, isoDateTime, isoInstant, nullable, type Wire } from './schema.js';

const commonFields = {
  id: t.string,
  agentId: nullable(t.string),
  phoneNumberId: t.string,
  phoneNumber: e164,
  participant: e164,
  channel: t.literal('sms'),
  lastMessageAt: isoDateTime,
  messageCount: t.number,
  state: nullable(t.UnknownRecord),
  /** An alias of `state`. */
  metadata: nullable(t.UnknownRecord),
  createdAt: isoDateTime,
};

export const ConversationView = t.strict({ ...commonFields, lastMessagePreview: t.string }, 'Conversation');

/** The summary without its preview, plus the recent messages, newest first. */
export const ConversationDetailView = t.strict({ ...commonFields, messages: t.array(MessageView) }, 'ConversationDetail');

const common = (conversation: Conversation) => ({
  id: conversation.id,
  agentId: conversation.agentId,
  phoneNumberId: conversation.phoneNumberId,
  phoneNumber: conversation.phoneNumber,
  participant: conversation.participant,
  channel: conversation.channel,
  lastMessageAt: isoInstant(conversation.lastMessageAt),
  messageCount: conversation.messageCount,
  state: conversation.state,
  metadata: conversation.state,
  createdAt: isoInstant(conversation.createdAt),
});

export const conversationView = (conversation: Conversation): Wire<typeof ConversationView> => ({
  ...common(conversation),
  lastMessagePreview: conversation.lastMessagePreview,
});

export const conversationDetailView = (detail: ConversationDetail): Wire<typeof ConversationDetailView> => ({
  ...common(detail.conversation),
  messages: detail.messages.map(messageView),
});
