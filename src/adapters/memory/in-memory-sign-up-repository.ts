import type { SignUpRepository } from '../../application/ports/repositories.js';
import type { InMemoryTables } from './in-memory-tables.js';

/** Units of work run one at a time here, so a lock is a plain read. */
export const inMemorySignUps = (t: InMemoryTables): SignUpRepository => ({
  findById: async (id) => t.signUps.get(id) ?? null,
  lockById: async (id) => t.signUps.get(id) ?? null,
  save: async (signUp) => void t.signUps.set(signUp.id, signUp),
  delete: async (id) => void t.signUps.delete(id),
  deleteExpired: async (before, limit) => {
    const expired = [...t.signUps.values()]
      .filter((s) => s.status === 'pending' && s.expiresAt.getTime() < before.getTime())
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
      .slice(0, Math.max(0, limit));
    for (const s of expired) t.signUps.delete(s.id);
    return expired.length;
  },
});
