import type { ApiKeyListQuery } from '../../application/queries/api-key-list-query.js';
import type { DeliveryLogQuery, DeliveryLogRequest } from '../../application/queries/delivery-log-query.js';
import type { ProjectListQuery } from '../../application/queries/project-list-query.js';
import type { ProjectQuery } from '../../application/queries/project-query.js';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';
import { byCreation, newestFirst, pageOf, type InMemoryTables } from './in-memory-tables.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** Every project, oldest first, those whose address contains `email` (addresses are stored lower-case). */
export const inMemoryProjectListQuery = (store: InMemoryUnitOfWork): ProjectListQuery => ({
  page: (request) =>
    store.readTables((t) => {
      const email = request.email?.toLowerCase() ?? null;
      return pageOf([...t.projects.values()].filter((p) => email === null || p.email.includes(email)).sort(byCreation), request);
    }),
});

export const inMemoryProjectQuery = (store: InMemoryUnitOfWork): ProjectQuery => ({
  byId: (projectId) => store.readTables((t) => t.projects.get(projectId) ?? null),
});

/** The project's keys, oldest first; null without the project. */
export const inMemoryApiKeyListQuery = (store: InMemoryUnitOfWork): ApiKeyListQuery => ({
  ofProject: (projectId) =>
    store.readTables((t) => (t.projects.has(projectId) ? [...t.apiKeys.values()].filter((k) => k.projectId === projectId).sort(byCreation) : null)),
});

const deliveriesOf = (t: InMemoryTables, projectId: string, request: Omit<DeliveryLogRequest, 'limit' | 'offset'>): WebhookDelivery[] =>
  [...t.deliveries.values()]
    .filter(
      (d) =>
        d.projectId === projectId &&
        (request.since === null || d.createdAt.getTime() >= request.since.getTime()) &&
        (request.agentId === null || d.agentId === request.agentId) &&
        (!request.status || d.status === request.status) &&
        (!request.eventType || d.eventType === request.eventType),
    )
    .sort(newestFirst);

/** The project's delivery log, newest first; an agent's part of it only while the agent is the project's. */
export const inMemoryDeliveryLogQuery = (store: InMemoryUnitOfWork): DeliveryLogQuery => ({
  page: (projectId, request) => store.readTables((t) => pageOf(deliveriesOf(t, projectId, request), request)),
  ofAgent: (projectId, agentId, limit) =>
    store.readTables((t) =>
      t.agents.get(agentId)?.projectId === projectId ? deliveriesOf(t, projectId, { since: null, agentId }).slice(0, limit) : null,
    ),
});
