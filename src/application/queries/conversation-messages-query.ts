import type { MessageCursor, MessageSlice } from '../ports/messaging-repositories.js';
import type { ReadVersion, Versioned } from '../ports/read-version.js';

/** One thread's messages, newest first, by cursor: the message list's read side. */
export interface ConversationMessagesQuery {
  /**
   * The window of the project's conversation (as MessageRepository.listByConversation), in one
   * read: null when the project has no conversation with that id (an empty slice when it has one
   * without messages).
   */
  window(projectId: string, conversationId: string, cursor: MessageCursor): Promise<(MessageSlice & Versioned) | null>;
  /**
   * The version (see ReadVersion) of what {@link window} answers for the same input: it changes
   * with any write to a message of the slice (or the one past it, which says whether there are
   * more), with the slice's rows, and with the conversation's being there or not.
   */
  version(projectId: string, conversationId: string, cursor: MessageCursor): Promise<ReadVersion>;
}
