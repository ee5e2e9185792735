import { callLimitOf } from '../../../domain/project.js';
import type { RateLimited } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';

/** How long a refused caller is asked to wait: calls last minutes, so a short retry is pointless. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Whether the project may start one more call now. Locks the project row for the rest of the
 * unit of work, so that two nodes starting calls at once count one after the other (the cap
 * holds across nodes: it is counted in the store).
 */
export const callCapacity = async (tx: Repositories, projectId: string): Promise<RateLimited | null> => {
  const project = await tx.projects.lockById(projectId);
  if (!project) return null;
  const limit = callLimitOf(project);
  const live = await tx.calls.countLive(projectId);
  return live < limit ? null : { _tag: 'RateLimited', limit, windowSeconds: 0, retryAfterSeconds: RETRY_AFTER_SECONDS, scope: 'calls in progress' };
};
