import type { PageRequest } from '../../application/ports/pagination.js';
import type { AgentQuery } from '../../application/queries/agent-query.js';
import type { CallQuery } from '../../application/queries/call-query.js';
import type { ContactListQuery } from '../../application/queries/contact-list-query.js';
import type { NumberListQuery } from '../../application/queries/number-list-query.js';
import { matchesSearch } from '../../domain/contact.js';
import { byCreation, newestFirst, pageOf } from './in-memory-tables.js';
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
});
