import type { Conversation } from '../../domain/conversation.js';
import type { Message } from '../../domain/message.js';

/** A conversation with its most recent messages, newest first. */
export interface ConversationDetail {
  readonly conversation: Conversation;
  readonly messages: readonly Message[];
}

/** One conversation with its recent messages: `GET /v1/conversations/{id}`, and the operator's look-up by id. */
export interface ConversationQuery {
  /** The project's conversation with its `messageLimit` newest messages; null when the project has none of that id. */
  withRecentMessages(projectId: string, conversationId: string, messageLimit: number): Promise<ConversationDetail | null>;
  /** The same by the id alone, whatever its project: the operator's console. */
  inAnyProject(conversationId: string, messageLimit: number): Promise<ConversationDetail | null>;
}
