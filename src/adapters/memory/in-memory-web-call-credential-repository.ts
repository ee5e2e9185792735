import type { WebCallCredentialRepository } from '../../application/ports/web-call-credentials.js';
import type { InMemoryTables } from './in-memory-tables.js';

/** Units of work run one at a time here, so holding an account's lock needs nothing more. */
export const inMemoryWebCallCredentials = (t: InMemoryTables): WebCallCredentialRepository => ({
  lock: async () => {},
  find: async (account) => t.webCallCredentials.get(account) ?? null,
  save: async (credentials) => void t.webCallCredentials.set(credentials.account, credentials),
});
