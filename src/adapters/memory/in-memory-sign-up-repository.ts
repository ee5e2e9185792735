import type { SignUpRepository } from '../../application/ports/repositories.js';
import type { InMemoryTables } from './in-memory-tables.js';

/** Units of work run one at a time here, so a lock is a plain read. */
export const inMemorySignUps = (t: InMemoryTables): SignUpRepository => ({
  findById: async (id) => t.signUps.get(id) ?? null,
  lockById: async (id) => t.signUps.get(id) ?? null,
  save: async (signUp) => void t.signUps.set(signUp.id, signUp),
  delete: async (id) => void t.signUps.delete(id),
});
