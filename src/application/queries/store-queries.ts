import type { AgentPageQuery } from './agent-page-query.js';
import type { AgentTestQueries } from './agent-test-queries.js';
import type { BacklogQuery } from './backlog-query.js';
import type { CallPageQuery } from './call-page-query.js';
import type { ConversationMessagesQuery } from './conversation-messages-query.js';
import type { ConversationPageQuery } from './conversation-page-query.js';
import type { KnowledgeSearch } from './knowledge-search.js';
import type { UsageQuery } from './usage-query.js';

/** The read side, as one store answers it: the versioned list reads, the usage series and the queues' backlog. */
export interface StoreQueries {
  readonly agents: AgentPageQuery;
  readonly calls: CallPageQuery;
  readonly conversations: ConversationPageQuery;
  readonly messages: ConversationMessagesQuery;
  readonly usage: UsageQuery;
  readonly backlog: BacklogQuery;
  readonly knowledge: KnowledgeSearch;
  readonly agentTests: AgentTestQueries;
}
