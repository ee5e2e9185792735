import type { AgentPageQuery } from './agent-page-query.js';
import type { AgentQuery } from './agent-query.js';
import type { CallQuery } from './call-query.js';
import type { ConversationQuery } from './conversation-query.js';
import type { LedgerQuery } from './ledger-query.js';
import type { NumberMessagesQuery } from './number-messages-query.js';
import type { WebhookListQuery } from './webhook-list-query.js';
import type { ContactListQuery } from './contact-list-query.js';
import type { NumberListQuery } from './number-list-query.js';
import type { AgentTestQueries } from './agent-test-queries.js';
import type { BacklogQuery } from './backlog-query.js';
import type { CallPageQuery } from './call-page-query.js';
import type { ConversationMessagesQuery } from './conversation-messages-query.js';
import type { ConversationPageQuery } from './conversation-page-query.js';
import type { KnowledgePassageLookup, KnowledgeSearch } from './knowledge-search.js';
import type { UsageQuery } from './usage-query.js';
import type { AuditEventQuery } from './audit-event-query.js';
import type { ProjectListQuery } from './project-list-query.js';
import type { ProjectQuery } from './project-query.js';
import type { ApiKeyListQuery } from './api-key-list-query.js';
import type { DeliveryLogQuery } from './delivery-log-query.js';

/** The read side, as one store answers it: the versioned list reads, the one-row reads, the usage series and the queues' backlog. */
export interface StoreQueries {
  readonly agents: AgentPageQuery;
  readonly agent: AgentQuery;
  readonly call: CallQuery;
  readonly conversation: ConversationQuery;
  readonly numberMessages: NumberMessagesQuery;
  readonly ledger: LedgerQuery;
  readonly webhooks: WebhookListQuery;
  readonly contacts: ContactListQuery;
  readonly numbers: NumberListQuery;
  readonly calls: CallPageQuery;
  readonly conversations: ConversationPageQuery;
  readonly messages: ConversationMessagesQuery;
  readonly usage: UsageQuery;
  readonly backlog: BacklogQuery;
  readonly knowledge: KnowledgeSearch;
  readonly knowledgePassages: KnowledgePassageLookup;
  readonly agentTests: AgentTestQueries;
  readonly auditEvents: AuditEventQuery;
  readonly projects: ProjectListQuery;
  readonly project: ProjectQuery;
  readonly apiKeys: ApiKeyListQuery;
  readonly deliveries: DeliveryLogQuery;
}
