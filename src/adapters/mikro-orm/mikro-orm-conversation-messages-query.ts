import type { MessageCursor, MessageSlice } from '../../application/ports/messaging-repositories.js';
import type { ReadVersion, Versioned } from '../../application/ports/read-version.js';
import type { ConversationMessagesQuery } from '../../application/queries/conversation-messages-query.js';
import { toMessage } from './message-rows.js';
import type { ReadSession } from './read-session.js';
import { windowStatements, type MessageWindowParams } from './read-statements/index.js';

/** The window's parameters: one message past it is read, to tell whether there are more. */
const paramsOf = (projectId: string, conversationId: string, cursor: MessageCursor): MessageWindowParams => ({
  projectId,
  conversationId,
  before: cursor.before,
  after: cursor.after,
  limit: cursor.limit + 1,
});

const statementsOf = (cursor: MessageCursor) => windowStatements({ before: cursor.before !== null, after: cursor.after !== null });

export class MikroOrmConversationMessagesQuery implements ConversationMessagesQuery {
  constructor(private readonly reads: ReadSession) {}

  /**
   * The conversation's row, left-joined to its window of messages: no row, no conversation; one
   * row of nulls, no message. The window's version rides beside each row, so it is of the same rows.
   */
  async window(projectId: string, conversationId: string, cursor: MessageCursor): Promise<(MessageSlice & Versioned) | null> {
    const rows = await this.reads.run(statementsOf(cursor).window, paramsOf(projectId, conversationId, cursor));
    const [first] = rows;
    if (first === undefined) return null;
    const messages = rows.flatMap((row) => (row.message === null ? [] : [row.message]));
    return { items: messages.slice(0, cursor.limit).map(toMessage), hasMore: messages.length > cursor.limit, version: first.version };
  }

  async version(projectId: string, conversationId: string, cursor: MessageCursor): Promise<ReadVersion> {
    const [version] = await this.reads.run(statementsOf(cursor).version, paramsOf(projectId, conversationId, cursor));
    return version!;
  }
}
