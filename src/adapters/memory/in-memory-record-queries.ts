import type { PageRequest } from '../../application/ports/pagination.js';
import type { AgentQuery } from '../../application/queries/agent-query.js';
import type { CallQuery } from '../../application/queries/call-query.js';
import type { ConversationQuery } from '../../application/queries/conversation-query.js';
import type { LedgerQuery } from '../../application/queries/ledger-query.js';
import type { NumberMessagesQuery } from '../../application/queries/number-messages-query.js';
import type { WebhookListQuery } from '../../application/queries/webhook-list-query.js';
import type { Conversation } from '../../domain/conversation.js';
import type { ContactListQuery } from '../../application/queries/contact-list-query.js';
import type { NumberListQuery } from '../../application/queries/number-list-query.js';
import { matchesSearch } from '../../domain/contact.js';
import { sliceOf } from './in-memory-messaging-repositories.js';
import { byCreation, newestFirst, pageOf, type InMemoryTables } from './in-memory-tables.js';
import { inProject, withNumbers } from './in-memory-repositories.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** One agent with its live numbers, read in turn with the store's units of work. */
export const inMemoryAgentQuery = (store: InMemoryUnitOfWork): AgentQuery => ({
  withNumbers: (projectId, agentId) =>
    store.readTables((t) => {
      const agent = inProject(t.agents.get(agentId), projectId);
      return agent && withNumbers(t, agent);
    }),
});

/** The project's contacts, newest first, those the search matches. */
export const inMemoryContactListQuery = (store: InMemoryUnitOfWork): ContactListQuery => ({
  page: (projectId, request) =>
    store.readTables((t) =>
      pageOf(
        [...t.contacts.values()]
          .filter((c) => c.projectId === projectId && (request.search === null || matchesSearch(c, request.search)))
          .sort(newestFirst),
        request,
      ),
    ),
});

/** The project's numbers, oldest first: the live ones, or all it has held. */
export const inMemoryNumberListQuery = (store: InMemoryUnitOfWork): NumberListQuery => {
  const numbers = (projectId: string, liveOnly: boolean, page: PageRequest) =>
    store.readTables((t) =>
      pageOf([...t.numbers.values()].filter((n) => n.projectId === projectId && (!liveOnly || n.status === 'active')).sort(byCreation), page),
    );
  return { live: (projectId, page) => numbers(projectId, true, page), all: (projectId, page) => numbers(projectId, false, page) };
};

/** One call with its transcript, the project's recording setting and its analysis. */
export const inMemoryCallQuery = (store: InMemoryUnitOfWork): CallQuery => ({
  withDetails: (projectId, callId) =>
    store.readTables((t) => {
      const call = inProject(t.calls.get(callId), projectId);
      if (!call) return null;
      return {
        call,
        transcript: [...(t.transcripts.get(callId) ?? [])],
        recordingEnabled: t.projects.get(projectId)?.recordingEnabled ?? false,
        analysis: t.callAnalyses.get(callId) ?? null,
      };
    }),
  inAnyProject: (callId) => store.readTables((t) => t.calls.get(callId) ?? null),
});

const withRecent = (t: InMemoryTables, conversation: Conversation | null | undefined, limit: number) =>
  conversation && {
    conversation,
    messages: sliceOf([...t.messages.values()].filter((m) => m.conversationId === conversation.id), { limit, before: null, after: null }).items,
  };

/** One conversation with its newest messages, of a project or of any. */
export const inMemoryConversationQuery = (store: InMemoryUnitOfWork): ConversationQuery => ({
  withRecentMessages: (projectId, conversationId, limit) =>
    store.readTables((t) => withRecent(t, inProject(t.conversations.get(conversationId), projectId), limit) ?? null),
  inAnyProject: (conversationId, limit) => store.readTables((t) => withRecent(t, t.conversations.get(conversationId), limit) ?? null),
});

/** A window of the messages through one of the project's numbers. */
export const inMemoryNumberMessagesQuery = (store: InMemoryUnitOfWork): NumberMessagesQuery => ({
  window: (projectId, numberId, cursor) =>
    store.readTables((t) =>
      inProject(t.numbers.get(numberId), projectId) ? sliceOf([...t.messages.values()].filter((m) => m.phoneNumberId === numberId), cursor) : null,
    ),
});

/** The project's ledger, newest first; null without the project. */
export const inMemoryLedgerQuery = (store: InMemoryUnitOfWork): LedgerQuery => ({
  page: (projectId, page) =>
    store.readTables((t) =>
      t.projects.has(projectId) ? pageOf([...t.ledger.values()].filter((e) => e.projectId === projectId).sort(newestFirst), page) : null,
    ),
});

/** The project's webhooks, the default first, then oldest first. */
export const inMemoryWebhookListQuery = (store: InMemoryUnitOfWork): WebhookListQuery => ({
  ofProject: (projectId) =>
    store.readTables((t) =>
      [...t.webhooks.values()]
        .filter((w) => w.projectId === projectId)
        .sort((a, b) => Number(a.agentId !== null) - Number(b.agentId !== null) || byCreation(a, b)),
    ),
});
