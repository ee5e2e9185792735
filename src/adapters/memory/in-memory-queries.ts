import * as E from 'fp-ts/lib/Either.js';
import type { CallListQuery } from '../../application/ports/call-repositories.js';
import type { ConversationListQuery, MessageCursor, MessageSlice } from '../../application/ports/messaging-repositories.js';
import type { ReadVersion, Versioned } from '../../application/ports/read-version.js';
import type { AgentWithNumbers } from '../../application/ports/repositories.js';
import type { AgentPageQuery } from '../../application/queries/agent-page-query.js';
import type { CallListPage, CallPageQuery } from '../../application/queries/call-page-query.js';
import type { ConversationMessagesQuery } from '../../application/queries/conversation-messages-query.js';
import type { ConversationListPage, ConversationPageQuery } from '../../application/queries/conversation-page-query.js';
import type { StoreQueries } from '../../application/queries/store-queries.js';
import { InMemoryUsageQuery } from './in-memory-usage-query.js';
import {
  inMemoryAgentQuery,
  inMemoryCallQuery,
  inMemoryContactListQuery,
  inMemoryConversationQuery,
  inMemoryLedgerQuery,
  inMemoryNumberListQuery,
  inMemoryNumberMessagesQuery,
  inMemoryWebhookListQuery,
} from './in-memory-record-queries.js';
import { InMemoryBacklogQuery } from './in-memory-backlog-query.js';
import { InMemoryKnowledgeSearch } from './in-memory-knowledge-search.js';
import { inMemoryAgentTestQueries } from './in-memory-agent-test-queries.js';
import { inMemoryAuditEventQuery } from './in-memory-audit-event-query.js';
import { inMemoryApiKeyListQuery, inMemoryDeliveryLogQuery, inMemoryProjectListQuery, inMemoryProjectQuery } from './in-memory-project-queries.js';
import type { Agent } from '../../domain/agent.js';
import { FAILED_STATUS_REASONS, type Call, type CallStatusFilter } from '../../domain/call.js';
import type { Conversation } from '../../domain/conversation.js';
import { withNumbers } from './in-memory-repositories.js';
import { sliceOf } from './in-memory-messaging-repositories.js';
import { byCreation, pageOf, type InMemoryTables } from './in-memory-tables.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import { versionOfRow } from './row-revisions.js';

/**
 * Reads of the in-memory tables through the store's read path, so they take their turn with its
 * units of work (a read never sees one half done) as the list reads always did.
 */
const reading =
  (store: InMemoryUnitOfWork) =>
  <A>(read: (t: InMemoryTables) => A): Promise<A> =>
    store.readTables(read);

const versionOfAgents = (listed: readonly AgentWithNumbers[], total: number): ReadVersion =>
  `${total};${listed.map(({ agent, numbers }) => [agent, ...numbers].map(versionOfRow).join('+')).join(',')}`;

const agentsOf = (t: InMemoryTables, projectId: string): Agent[] =>
  [...t.agents.values()].filter((a) => a.projectId === projectId).sort(byCreation);

const agentPage = (t: InMemoryTables, projectId: string, page: { readonly limit: number; readonly offset: number }) => {
  const { items, total } = pageOf(agentsOf(t, projectId), page);
  const listed = items.map((agent) => withNumbers(t, agent));
  return { items: listed, total, version: versionOfAgents(listed, total) };
};

export const inMemoryAgentPages = (store: InMemoryUnitOfWork): AgentPageQuery => {
  const read = reading(store);
  return {
    page: (projectId, page) => read((t) => agentPage(t, projectId, page)),
    version: (projectId, page) => read((t) => agentPage(t, projectId, page).version),
  };
};

const newestStartFirst = (a: Call, b: Call): number =>
  b.startedAt.getTime() - a.startedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Whether the call shows under the list's status filter (see CALL_STATUS_FILTERS). */
const hasStatus = (t: InMemoryTables, call: Call, status: CallStatusFilter | null): boolean => {
  switch (status) {
    case null:
      return true;
    case 'ringing':
      return call.status === 'in-progress' && !t.mediaClaims.has(call.id);
    case 'busy':
    case 'no-answer':
      return call.status === 'failed' && call.disconnectionReason === FAILED_STATUS_REASONS[status];
    default:
      return call.status === status;
  }
};

const callPage = (t: InMemoryTables, projectId: string, query: CallListQuery): CallListPage => {
  const search = query.search?.trim().toLowerCase() || null;
  const rows = [...t.calls.values()].filter(
    (c) =>
      c.projectId === projectId &&
      hasStatus(t, c, query.status) &&
      (query.direction === null || c.direction === query.direction) &&
      (query.type === null || c.type === query.type) &&
      (query.agentId === null || c.agentId === query.agentId) &&
      (query.numberId === null || c.phoneNumberId === query.numberId) &&
      (search === null || c.fromNumber.toLowerCase().includes(search) || c.toNumber.toLowerCase().includes(search)),
  );
  const page = pageOf(rows.sort(newestStartFirst), query);
  const recording = t.projects.get(projectId)?.recordingEnabled;
  const agent = query.agentId === null ? '' : String(Number(t.agents.get(query.agentId)?.projectId === projectId));
  return {
    ...page,
    recordingEnabled: page.items.length > 0 && (recording ?? false),
    version: `${page.total};${agent};${recording ?? ''};${page.items.map(versionOfRow).join(',')}`,
  };
};

export const inMemoryCallPages = (store: InMemoryUnitOfWork): CallPageQuery => {
  const read = reading(store);
  return {
    page: (projectId, query) => read((t) => callPage(t, projectId, query)),
    agentPage: (projectId, query) =>
      read((t) => (t.agents.get(query.agentId)?.projectId === projectId ? callPage(t, projectId, query) : null)),
    version: (projectId, query) => read((t) => callPage(t, projectId, query).version),
  };
};

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byLastMessageDesc = (a: Conversation, b: Conversation): number =>
  b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || compareIds(b.id, a.id);

/** The page with its version: the total, whether the agent (when one is asked for) is the project's, and the rows. */
const conversationPage = (t: InMemoryTables, projectId: string, query: ConversationListQuery): ConversationListPage => {
  const rows = [...t.conversations.values()].filter(
    (c) => c.projectId === projectId && (query.agentId === null || c.agentId === query.agentId),
  );
  const page = pageOf(rows.sort(byLastMessageDesc), query);
  const agent = query.agentId === null ? '' : String(Number(t.agents.get(query.agentId)?.projectId === projectId));
  return { ...page, version: `${page.total};${agent};${page.items.map(versionOfRow).join(',')}` };
};

export const inMemoryConversationPages = (store: InMemoryUnitOfWork): ConversationPageQuery => {
  const read = reading(store);
  return {
    page: (projectId, page) => read((t) => conversationPage(t, projectId, { ...page, agentId: null })),
    agentPage: (projectId, query) =>
      read((t) => (t.agents.get(query.agentId)?.projectId === projectId ? conversationPage(t, projectId, query) : null)),
    version: (projectId, query) => read((t) => conversationPage(t, projectId, query).version),
  };
};

/** The project's conversation's slice with its version; null when the project has no such conversation. */
const projectConversationSlice = (
  t: InMemoryTables,
  projectId: string,
  conversationId: string,
  cursor: MessageCursor,
): (MessageSlice & Versioned) | null => {
  if (t.conversations.get(conversationId)?.projectId !== projectId) return null;
  const slice = sliceOf([...t.messages.values()].filter((m) => m.conversationId === conversationId), cursor);
  return { ...slice, version: `${slice.hasMore};${slice.items.map(versionOfRow).join(',')}` };
};

export const inMemoryConversationMessages = (store: InMemoryUnitOfWork): ConversationMessagesQuery => {
  const read = reading(store);
  return {
    window: (projectId, conversationId, cursor) => read((t) => projectConversationSlice(t, projectId, conversationId, cursor)),
    version: (projectId, conversationId, cursor) =>
      read((t) => projectConversationSlice(t, projectId, conversationId, cursor)?.version ?? 'none'),
  };
};

/** The queries of an in-memory store, the list reads read in turn with its units of work. */
export const inMemoryStoreQueries = (store: InMemoryUnitOfWork): StoreQueries => ({
  agents: inMemoryAgentPages(store),
  agent: inMemoryAgentQuery(store),
  call: inMemoryCallQuery(store),
  conversation: inMemoryConversationQuery(store),
  numberMessages: inMemoryNumberMessagesQuery(store),
  ledger: inMemoryLedgerQuery(store),
  webhooks: inMemoryWebhookListQuery(store),
  contacts: inMemoryContactListQuery(store),
  numbers: inMemoryNumberListQuery(store),
  calls: inMemoryCallPages(store),
  conversations: inMemoryConversationPages(store),
  messages: inMemoryConversationMessages(store),
  usage: new InMemoryUsageQuery(store.tables),
  backlog: new InMemoryBacklogQuery(store.tables),
  knowledge: new InMemoryKnowledgeSearch(store),
  knowledgePassages: new InMemoryKnowledgeSearch(store),
  agentTests: inMemoryAgentTestQueries(store),
  auditEvents: inMemoryAuditEventQuery(store),
  projects: inMemoryProjectListQuery(store),
  project: inMemoryProjectQuery(store),
  apiKeys: inMemoryApiKeyListQuery(store),
  deliveries: inMemoryDeliveryLogQuery(store),
});
