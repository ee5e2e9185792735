import type { Page, PageRequest } from '../ports/pagination.js';
import type { ReadVersion, Versioned } from '../ports/read-version.js';
import type { AgentWithNumbers } from '../ports/repositories.js';

/** The project's agents, oldest first, each with its live numbers: the agent list's read side. */
export interface AgentPageQuery {
  /** A page of agents with each one's live numbers (as PhoneNumberRepository.listByAgents), in one read, with its version. */
  page(projectId: string, page: PageRequest): Promise<Page<AgentWithNumbers> & Versioned>;
  /**
   * The version of what {@link page} answers for the same page (see ReadVersion): it changes with
   * any write to a listed agent or to one of its live numbers, and with the page's rows or the
   * total, in one read far cheaper than the page itself.
   */
  version(projectId: string, page: PageRequest): Promise<ReadVersion>;
}
