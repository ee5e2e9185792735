import { callLimitOf, type Project } from '../../../domain/project.js';
import type { RateLimited } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';

/** How long a refused caller is asked to wait: calls last minutes, so a short retry is pointless. */
const RETRY_AFTER_SECONDS = 30;

/** The project as locked, and whether its cap of calls in progress refuses one more. */
export interface CallCapacity {
  /** Null when there is no such project. */
  readonly project: Project | null;
  readonly full: RateLimited | null;
}

/**
 * Whether the project may start one more call now. Locks the project row for the rest of the
 * unit of work, so that two nodes starting calls at once count one after the other (the cap
 * holds across nodes: it is counted in the store). The locked row is handed back: the caller
 * needs nothing else of the project, so it need not read it again.
 */
export const callCapacity = async (tx: Repositories, projectId: string): Promise<CallCapacity> => {
  const project = await tx.projects.lockById(projectId);
  if (!project) return { project: null, full: null };
  const limit = callLimitOf(project);
  const live = await tx.calls.countLive(projectId);
  return { project, full: live < limit ? null : callsInProgressFull(limit) };
};

/** The refusal of a call over the project's cap of calls in progress. */
export const callsInProgressFull = (limit: number): RateLimited => ({
  _tag: 'RateLimited',
  limit,
  windowSeconds: 0,
  retryAfterSeconds: RETRY_AFTER_SECONDS,
  scope: 'calls in progress',
});
