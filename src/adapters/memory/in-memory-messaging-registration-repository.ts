import type { MessagingRegistrationRepository } from '../../application/ports/messaging-registrar.js';
import type { InMemoryTables } from './in-memory-tables.js';

export const inMemoryMessagingRegistrations = (t: InMemoryTables): MessagingRegistrationRepository => ({
  find: async (projectId) => t.messagingRegistrations.get(projectId) ?? null,
  save: async (registration) => void t.messagingRegistrations.set(registration.projectId, registration),
});
