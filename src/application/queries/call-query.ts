import type { CallDetails } from '../ports/call-repositories.js';

/** One call of a project with what its detail view shows: `GET /v1/calls/{id}` and its transcript. */
export interface CallQuery {
  /** The call with its transcript so far, the project's recording setting and its analysis; null when the project has no call of that id. */
  withDetails(projectId: string, callId: string): Promise<CallDetails | null>;
}
