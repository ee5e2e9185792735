import { InMemoryUnitOfWork } from '../../adapters/memory/in-memory-unit-of-work.js';
import { inMemoryStoreQueries } from '../../adapters/memory/in-memory-queries.js';
import { MikroOrmAgentPageQuery } from '../../adapters/mikro-orm/mikro-orm-agent-page-query.js';
import { MikroOrmAgentQuery } from '../../adapters/mikro-orm/mikro-orm-agent-query.js';
import { MikroOrmCallQuery } from '../../adapters/mikro-orm/mikro-orm-call-query.js';
import { MikroOrmConversationQuery, MikroOrmLedgerQuery, MikroOrmNumberMessagesQuery, MikroOrmWebhookListQuery } from '../../adapters/mikro-orm/mikro-orm-record-queries.js';
import { MikroOrmContactListQuery } from '../../adapters/mikro-orm/mikro-orm-contact-list-query.js';
import { MikroOrmNumberListQuery } from '../../adapters/mikro-orm/mikro-orm-number-list-query.js';
import { MikroOrmCallPageQuery } from '../../adapters/mikro-orm/mikro-orm-call-page-query.js';
import { MikroOrmConversationMessagesQuery } from '../../adapters/mikro-orm/mikro-orm-conversation-messages-query.js';
import { MikroOrmConversationPageQuery } from '../../adapters/mikro-orm/mikro-orm-conversation-page-query.js';
import { MikroOrmKnowledgeSearch } from '../../adapters/mikro-orm/mikro-orm-knowledge-search.js';
import { MikroOrmAgentTestQueries } from '../../adapters/mikro-orm/mikro-orm-agent-test-queries.js';
import { MikroOrmUsageQuery } from '../../adapters/mikro-orm/mikro-orm-usage-query.js';
import { MikroOrmBacklogQuery } from '../../adapters/mikro-orm/mikro-orm-backlog-query.js';
import { MikroOrmAuditEventQuery } from '../../adapters/mikro-orm/mikro-orm-audit-trail.js';
import { MikroOrmUnitOfWork } from '../../adapters/mikro-orm/mikro-orm-unit-of-work.js';
import { MikroOrmApiKeyListQuery, MikroOrmProjectListQuery, MikroOrmProjectQuery } from '../../adapters/mikro-orm/mikro-orm-project-queries.js';
import { MikroOrmDeliveryLogQuery } from '../../adapters/mikro-orm/mikro-orm-delivery-log-query.js';
import type { StoreQueries } from '../../application/queries/store-queries.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';

/** A list query of a store this composition cannot read: it fails when asked, not when the node starts. */
const unreadable = (port: string): never => {
  throw new Error(`this unit of work has no ${port}: bind TOKENS.${port} to one that reads its store`);
};

/**
 * The read side's queries that read the store `uow` writes, through its own read path: the in-memory
 * store's turn, or the MikroORM store's fork outside a transaction. A host's own unit of work
 * binds its own (TOKENS.agentPageQuery and the others); until then its list reads fail.
 */
export const queriesOf = (uow: UnitOfWork): StoreQueries => {
  if (uow instanceof InMemoryUnitOfWork) return inMemoryStoreQueries(uow);
  if (uow instanceof MikroOrmUnitOfWork) {
    return {
      agents: new MikroOrmAgentPageQuery(uow.reads),
      agent: new MikroOrmAgentQuery(uow.reads),
      call: new MikroOrmCallQuery(uow.reads),
      conversation: new MikroOrmConversationQuery(uow.reads),
      numberMessages: new MikroOrmNumberMessagesQuery(uow.reads),
      ledger: new MikroOrmLedgerQuery(uow.reads),
      webhooks: new MikroOrmWebhookListQuery(uow.reads),
      contacts: new MikroOrmContactListQuery(uow.reads),
      numbers: new MikroOrmNumberListQuery(uow.reads),
      calls: new MikroOrmCallPageQuery(uow.reads),
      conversations: new MikroOrmConversationPageQuery(uow.reads),
      messages: new MikroOrmConversationMessagesQuery(uow.reads),
      usage: new MikroOrmUsageQuery(uow.reads),
      backlog: new MikroOrmBacklogQuery(uow.reads),
      knowledge: new MikroOrmKnowledgeSearch(uow.reads),
      knowledgePassages: new MikroOrmKnowledgeSearch(uow.reads),
      agentTests: new MikroOrmAgentTestQueries(uow.reads),
      auditEvents: new MikroOrmAuditEventQuery(uow.reads),
      projects: new MikroOrmProjectListQuery(uow.reads),
      project: new MikroOrmProjectQuery(uow.reads),
      apiKeys: new MikroOrmApiKeyListQuery(uow.reads),
      deliveries: new MikroOrmDeliveryLogQuery(uow.reads),
    };
  }
  return {
    agents: { page: async () => unreadable('agentPageQuery'), version: async () => unreadable('agentPageQuery') },
    agent: { withNumbers: async () => unreadable('agentQuery') },
    call: { withDetails: async () => unreadable('callQuery'), inAnyProject: async () => unreadable('callQuery') },
    conversation: { withRecentMessages: async () => unreadable('conversationQuery'), inAnyProject: async () => unreadable('conversationQuery') },
    numberMessages: { window: async () => unreadable('numberMessagesQuery') },
    ledger: { page: async () => unreadable('ledgerQuery') },
    webhooks: { ofProject: async () => unreadable('webhookListQuery') },
    contacts: { page: async () => unreadable('contactListQuery') },
    numbers: { live: async () => unreadable('numberListQuery'), all: async () => unreadable('numberListQuery') },
    calls: {
      page: async () => unreadable('callPageQuery'),
      agentPage: async () => unreadable('callPageQuery'),
      version: async () => unreadable('callPageQuery'),
    },
    conversations: {
      page: async () => unreadable('conversationPageQuery'),
      agentPage: async () => unreadable('conversationPageQuery'),
      version: async () => unreadable('conversationPageQuery'),
    },
    messages: { window: async () => unreadable('conversationMessagesQuery'), version: async () => unreadable('conversationMessagesQuery') },
    usage: { series: async () => unreadable('usageQuery'), breakdown: async () => unreadable('usageQuery') },
    backlog: { backlog: async () => unreadable('backlogQuery') },
    knowledge: { search: async () => unreadable('knowledgeSearch') },
    knowledgePassages: { passagesAt: async () => unreadable('knowledgeSearch') },
    agentTests: { listTests: async () => unreadable('agentTestQueries'), listRuns: async () => unreadable('agentTestQueries') },
    auditEvents: { page: async () => unreadable('auditEventQuery') },
    projects: { page: async () => unreadable('projectListQuery') },
    project: { byId: async () => unreadable('projectQuery') },
    apiKeys: { ofProject: async () => unreadable('apiKeyListQuery') },
    deliveries: { page: async () => unreadable('deliveryLogQuery'), ofAgent: async () => unreadable('deliveryLogQuery') },
  };
};
