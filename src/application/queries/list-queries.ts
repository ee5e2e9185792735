import type { AgentPageQuery } from './agent-page-query.js';
import type { CallPageQuery } from './call-page-query.js';
import type { ConversationMessagesQuery } from './conversation-messages-query.js';
import type { ConversationPageQuery } from './conversation-page-query.js';

/** The read side of the versioned list reads, as one store answers them. */
export interface ListQueries {
  readonly agents: AgentPageQuery;
  readonly calls: CallPageQuery;
  readonly conversations: ConversationPageQuery;
  readonly messages: ConversationMessagesQuery;
}
