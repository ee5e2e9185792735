import type { Call } from '../../domain/call.js';
import type { CallListQuery } from '../ports/call-repositories.js';
import type { Page } from '../ports/pagination.js';
import type { ReadVersion, Versioned } from '../ports/read-version.js';

/** A page of calls and the project's setting that decides what each call shows, with its version. */
export interface CallListPage extends Page<Call>, Versioned {
  /**
   * The project's recording add-on is on (recordings are shown). Read with the page's rows, in
   * the same statement: a page without calls, which shows no recording, says false.
   */
  readonly recordingEnabled: boolean;
}

/** The call log, newest first: the call list's read side. */
export interface CallPageQuery {
  /** The project's calls matching the query's filters (its `agentId` included, when set). */
  page(projectId: string, query: CallListQuery): Promise<CallListPage>;
  /**
   * {@link page} of one agent's calls, read with the agent itself: null when the project has no
   * such agent (an agent without calls gives an empty page). The total is right past the end too.
   */
  agentPage(projectId: string, query: CallListQuery & { readonly agentId: string }): Promise<CallListPage | null>;
  /**
   * The version (see ReadVersion) of what {@link page} answers for the same query, or with an
   * `agentId` {@link agentPage}: it changes with any write to a listed call, with the page's
   * rows, the total and the project's recording setting, and with the agent's being there or not.
   */
  version(projectId: string, query: CallListQuery): Promise<ReadVersion>;
}
