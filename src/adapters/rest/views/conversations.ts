import type { ConversationDetail } from '../../../application/use-cases/conversations/conversation-detail.js';
import type { Conversation } from '../../../domain/conversation.js';
import { messageView } from './messages.js';

const common = (conversation: Conversation) => ({
  id: conversation.id,
  agentId: conversation.agentId,
  phoneNumberId: conversation.phoneNumberId,
  phoneNumber: conversation.phoneNumber,
  participant: conversation.participant,
  channel: conversation.channel,
  lastMessageAt: conversation.lastMessageAt.toISOString(),
  messageCount: conversation.messageCount,
  state: conversation.state,
  metadata: conversation.state,
  createdAt: conversation.createdAt.toISOString(),
});

export const conversationView = (conversation: Conversation) => ({
  ...common(conversation),
  lastMessagePreview: conversation.lastMessagePreview,
});

/** The summary without its preview, plus the recent messages, newest first. */
export const conversationDetailView = (detail: ConversationDetail) => ({
  ...common(detail.conversation),
  messages: detail.messages.map(messageView),
});
