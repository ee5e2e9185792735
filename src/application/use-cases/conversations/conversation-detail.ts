import type { Conversation } from '../../../domain/conversation.js';
import type { Message } from '../../../domain/message.js';
import type { Repositories } from '../../ports/repositories.js';

/** A conversation with its most recent messages, newest first. */
export interface ConversationDetail {
  readonly conversation: Conversation;
  readonly messages: readonly Message[];
}

export const DEFAULT_MESSAGE_LIMIT = 50;

export const withRecentMessages = async (
  tx: Repositories,
  conversation: Conversation,
  messageLimit: number,
): Promise<ConversationDetail> => {
  const recent = await tx.messages.listByConversation(conversation.id, { limit: messageLimit, before: null, after: null });
  return { conversation, messages: recent.items };
};
